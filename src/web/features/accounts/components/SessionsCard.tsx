import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Card, FormMessage } from '../../../components/form';
import { useToast } from '../../../components/toast';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useRevokeOthers, useSessions, useSignOutEverywhere } from '../api';

/** A short, readable device name from a user agent. */
function device(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return [browser, os].filter(Boolean).join(' · ') || null;
}

/** The logout scopes: this session (navbar), the others, or everywhere. */
export function SessionsCard() {
  const { t } = useTranslation('accounts');
  const toast = useToast();
  const navigate = useNavigate();
  const sessions = useSessions();
  const others = useRevokeOthers();
  const everywhere = useSignOutEverywhere();
  const error = others.error ?? everywhere.error;
  return (
    <Card>
      <h2 className="mb-1 text-lg font-bold text-brand-900">{t('sessions.title')}</h2>
      <p className="mb-4 text-sm text-slate-600">{t('sessions.intro')}</p>
      {sessions.isError && <FormMessage tone="error">{t('sessions.loadFailed')}</FormMessage>}
      {error && <FormMessage tone="error">{errorMessage(t, error)}</FormMessage>}
      <ul className="mb-4 flex flex-col gap-2" data-testid="sessions">
        {(sessions.data ?? []).map((s) => (
          <li key={s.id} className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
            <p className="font-semibold text-brand-900">
              {device(s.userAgent) ?? t('sessions.unknownDevice')}
              {s.current && (
                <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-800">
                  {t('sessions.current')}
                </span>
              )}
            </p>
            <p className="text-slate-600">
              {t('sessions.since', { date: formatDateTime(s.createdAt) })}
              {s.ipAddress ? ` · ${s.ipAddress}` : ''}
            </p>
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          tone="secondary"
          disabled={others.isPending || (sessions.data?.length ?? 0) < 2}
          onClick={() => others.mutate(undefined, { onSuccess: () => toast(t('sessions.othersDone')) })}
        >
          {t('sessions.signOutOthers')}
        </Button>
        <Button
          tone="danger"
          disabled={everywhere.isPending}
          onClick={() => everywhere.mutate(undefined, { onSuccess: () => navigate('/') })}
        >
          {t('sessions.signOutEverywhere')}
        </Button>
      </div>
    </Card>
  );
}
