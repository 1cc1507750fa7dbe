import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountNonce, LiabilityProof } from '../../../../contracts/liabilities';
import { fromDecimalString, parseLocalizedAmount } from '../../../../core/money';
import type { Verification } from '../../../../core/liabilities/verify';
import { Button, Card, Field, FormMessage, TextInput } from '../../../components/form';
import { VerificationReport } from '../../../components/liabilities/VerificationReport';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime, money } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { liabilityRoundsQuery, publishedRound } from '../../../lib/liabilities';
import { useMe } from '../../../lib/session';

type Outcome =
  | { kind: 'no_round' }
  | { kind: 'nothing_owed'; round: number; file: string }
  | { kind: 'checked'; round: number; result: Verification; file: string }
  | { kind: 'error'; message: string };

/**
 * "Vérifier mon solde": downloads the latest round, the investor's proof and nonce, and the
 * verifier's code, then verifies in the page; the verification itself makes no network call.
 */
export function VerifyBalance({ investedValue }: { investedValue?: string | undefined }) {
  const { t } = useTranslation(['liabilities', 'errors']);
  const client = useQueryClient();
  const [expected, setExpected] = useState('');
  const [working, setWorking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const published = useQuery(liabilityRoundsQuery);
  const { data: me } = useMe();
  // Any published round, not only the latest: empty means the latest.
  const [chosen, setChosen] = useState('');
  const parsedExpected = expected.trim() === '' ? null : parseLocalizedAmount(expected, currentLanguage());
  const expectedProblem = parsedExpected && !parsedExpected.ok ? t('errors:invalid_amount') : null;

  const check = async () => {
    setWorking(true);
    setOutcome(null);
    try {
      const { rounds } = await client.fetchQuery({ ...liabilityRoundsQuery, staleTime: 0 });
      const latest = rounds.find((r) => String(r.round) === chosen) ?? rounds[0];
      if (!latest) return setOutcome({ kind: 'no_round' });
      const [answer, { nonce }, { verifyInPage }] = await Promise.all([
        api<LiabilityProof>(`/api/liabilities/rounds/${latest.round}/proof`),
        api<AccountNonce>('/api/liabilities/nonce'),
        import('../../../components/liabilities/verify-in-page'),
      ]);
      if (answer.kind === 'nothing_owed') {
        const { statement, signature, publicKey } = answer;
        const file = JSON.stringify({ statement, signature, publicKey }, null, 1);
        return setOutcome({ kind: 'nothing_owed', round: latest.round, file });
      }
      const result = verifyInPage({
        published: publishedRound(latest),
        proof: answer.proof,
        accountNonce: nonce,
        ...(parsedExpected?.ok ? { expectedBalance: parsedExpected.cents } : {}),
      });
      setOutcome({ kind: 'checked', round: latest.round, result, file: JSON.stringify(answer.proof, null, 1) });
    } catch (err) {
      setOutcome({ kind: 'error', message: errorMessage(t, err) });
    } finally {
      setWorking(false);
    }
  };

  return (
    <Card>
      <h2 className="text-lg font-semibold text-brand-900">{t('verify.title')}</h2>
      <p className="mt-1 text-sm text-slate-600">{t('verify.lead')}</p>
      {me && (
        <p className="mt-2 text-sm text-slate-700" data-testid="verify-counts">
          {t('verify.counts', {
            available: money(me.balance),
            invested: money(investedValue ?? me.invested),
            held: money(me.withdrawalHold),
            total: money(
              fromDecimalString(me.balance) +
                fromDecimalString(investedValue ?? me.invested) +
                fromDecimalString(me.withdrawalHold),
            ),
          })}
        </p>
      )}
      <form
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (!expectedProblem) void check();
        }}
      >
        {published.data && published.data.rounds.length > 1 && (
          <div className="sm:w-56">
            <label className="block text-sm font-medium text-slate-800" htmlFor="verify-round">
              {t('verify.round')}
            </label>
            <select
              id="verify-round"
              className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base"
              value={chosen}
              onChange={(e) => setChosen(e.target.value)}
            >
              {published.data.rounds.map((r, i) => (
                <option key={r.round} value={i === 0 ? '' : String(r.round)}>
                  {t('verify.roundOption', { round: r.round, date: formatDateTime(r.snapshotAt) })}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="sm:w-80">
          <Field label={t('verify.expected')} error={expectedProblem}>
            {(props) => (
              <TextInput
                {...props}
                inputMode="decimal"
                value={expected}
                onChange={(e) => setExpected(e.target.value)}
              />
            )}
          </Field>
        </div>
        <Button type="submit" disabled={working} aria-busy={working}>
          {working ? t('verify.working') : t('verify.button')}
        </Button>
      </form>
      <div className="mt-4" aria-live="polite" data-testid="verify-balance-result">
        {outcome?.kind === 'no_round' && <FormMessage tone="info">{t('verify.noRound')}</FormMessage>}
        {outcome?.kind === 'nothing_owed' && (
          <>
            <FormMessage tone="success">{t('verify.nothingOwed', { round: outcome.round })}</FormMessage>
            <a
              className="mt-3 inline-block text-sm font-semibold text-brand-700 underline"
              download={`atlas-nothing-owed-round-${outcome.round}.json`}
              href={`data:application/json;charset=utf-8,${encodeURIComponent(outcome.file)}`}
            >
              {t('verify.nothingOwedDownload')}
            </a>
          </>
        )}
        {outcome?.kind === 'error' && <FormMessage tone="error">{outcome.message}</FormMessage>}
        {outcome?.kind === 'checked' && (
          <>
            {outcome.result.ok ? (
              <FormMessage tone="success">
                {t('verify.ok', { amount: money(outcome.result.balance ?? 0), round: outcome.round })}
              </FormMessage>
            ) : (
              <FormMessage tone="error">
                {t('verify.failed', { reason: t(`failure.${outcome.result.failure}`, failureWords(outcome.result)) })}
              </FormMessage>
            )}
            <VerificationReport result={outcome.result} />
            <a
              className="mt-3 inline-block text-sm font-semibold text-brand-700 underline"
              download={`atlas-proof-round-${outcome.round}.json`}
              href={`data:application/json;charset=utf-8,${encodeURIComponent(outcome.file)}`}
            >
              {t('verify.download')}
            </a>
          </>
        )}
      </div>
    </Card>
  );
}

function failureWords(result: Verification): Record<string, string> {
  const d = result.checks.at(-1)?.detail ?? {};
  return {
    counted: typeof d.counted === 'number' ? money(d.counted) : '',
    expected: typeof d.expected === 'number' ? money(d.expected) : '',
  };
}
