import type { QueryClient } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, FormMessage } from '../../components/form';
import { useSearchParams } from 'react-router';
import { Placeholder, useAfterFirstPaint } from '../../components/AfterFirstPaint';
import { Page } from '../../components/Page';
import { DataExportSection } from '../../components/data-export/lazy';
import { VerifyEmailNotice } from '../../components/VerifyEmailNotice';
import { formatDate } from '../../lib/format';
import { limitsQuery } from '../../lib/limits';
import { useMe } from '../../lib/session';
import { identityQuery, nonceQuery, sessionsQuery } from './api';
import { closureQuery } from './closure-api';
import { AccountNonceCard } from './components/AccountNonceCard';
import { ClosureCard } from './components/ClosureCard';
import { IdentityCard } from './components/IdentityCard';
import { LimitsCard } from './components/LimitsCard';
import { LevelCard } from './components/LevelCard';
import { PasswordCard } from './components/PasswordCard';
import { ProfileDetails } from './components/ProfileDetails';
import { SessionsCard } from './components/SessionsCard';
import { TwoFactorCard } from './components/TwoFactorCard';

/**
 * The cards of the profile that draw data, fetched with the screen when it is the first one
 * opened: the identity and limits cards stand first and grew when their answers arrived, pushing
 * every card below them down (a layout shift of 0.35).
 */
export function prefetchProfilePage(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.prefetchQuery(identityQuery),
    client.prefetchQuery(limitsQuery),
    client.prefetchQuery(sessionsQuery),
    client.prefetchQuery(nonceQuery),
    client.prefetchQuery(closureQuery),
  ]);
}

/**
 * A card below the identity and limits (a phone's first screenful shows those two): React builds it
 * after the first paint (`ready`, one flag for all of them, so they arrive in one commit and none
 * moves another once painted), and the browser lays it out and paints it only when it comes near
 * the screen. The profile's first render and first layout are the two cards on screen instead of
 * all ten.
 */
function Later({ ready, children }: { ready: boolean; children: ReactNode }) {
  // A new element, not the placeholder grown: an empty box that gives way is not content that moved.
  return ready ? (
    <div key="card" className="defer-render [contain-intrinsic-size:auto_20rem]">
      {children}
    </div>
  ) : (
    <Placeholder key="placeholder" minHeight="20rem" />
  );
}

// Off the first render: the section, its texts and its polling load after the rest of the profile.
export function ProfilePage() {
  const { t } = useTranslation(['common', 'accounts']);
  const { data: me } = useMe();
  const ready = useAfterFirstPaint();
  // Where the e-mailed confirmation link lands: ?email=verified | expired | invalid.
  const [params] = useSearchParams();
  const outcome = params.get('email');
  const outcomeText =
    outcome === 'verified'
      ? t('security.verified')
      : outcome === 'expired'
        ? t('security.verifyExpired')
        : outcome === 'invalid'
          ? t('security.verifyInvalid')
          : null;
  if (!me) {
    return (
      <Page title={t('titles.profile')}>
        <FormMessage tone="info">{t('accounts:profile.pleaseLogin')}</FormMessage>
      </Page>
    );
  }
  return (
    <Page title={t('titles.profile')}>
      <div className="mb-6 flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <p className="min-w-0 text-2xl font-bold text-amber-700" data-testid="profile-username">
          @{me.username}
        </p>
        <p className="text-slate-600">{t('accounts:profile.memberSince', { date: formatDate(me.memberSince) })}</p>
      </div>
      {outcomeText && (
        <div className="mb-6">
          <FormMessage tone={outcome === 'verified' ? 'success' : 'error'}>{outcomeText}</FormMessage>
        </div>
      )}
      <VerifyEmailNotice me={me} />
      <div className="grid gap-6 lg:grid-cols-2">
        <IdentityCard />
        <LimitsCard />
        <Later ready={ready}>
          <ProfileDetails me={me} />
        </Later>
        <Later ready={ready}>
          <LevelCard level={me.level} totalInvested={me.totalInvested} />
        </Later>
        <Later ready={ready}>
          <SessionsCard />
        </Later>
        <Later ready={ready}>
          <Card>
            <PasswordCard />
          </Card>
        </Later>
        <Later ready={ready}>
          <TwoFactorCard enabled={me.twoFactorEnabled} />
        </Later>
        <Later ready={ready}>
          <AccountNonceCard />
        </Later>
        <Later ready={ready}>
          <Suspense fallback={<Placeholder minHeight="20rem" />}>
            <DataExportSection twoFactorEnabled={me.twoFactorEnabled} />
          </Suspense>
        </Later>
        <Later ready={ready}>
          <ClosureCard twoFactorEnabled={me.twoFactorEnabled} />
        </Later>
      </div>
    </Page>
  );
}
