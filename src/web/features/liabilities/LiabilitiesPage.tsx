import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card, FormMessage } from '../../components/form';
import { Page } from '../../components/Page';
import { formatDateTime, money, numberText, withColon } from '../../lib/format';
import type { LiabilityRound } from '../../../contracts/liabilities';
import { liabilityRoundsQuery } from '../../lib/liabilities';
import { OFFLINE_VERIFIER_SHA256 } from './offline-verifier-hash';

/** A fingerprint read aloud or compared by eye: "ab12 cd34 …" (the verifiers accept it so). */
const groupsOfFour = (hex: string) => hex.replace(/(.{4})(?!$)/g, '$1 ');

type T = ReturnType<typeof useTranslation<'liabilities'>>['t'];

/** "entry 20, snapshot 1234:1240:" as signed, in the reader's words: "écriture n° 20, instantané PostgreSQL …". */
function watermarkText(t: T, watermark: string): string {
  const m = /^entry (\d+)(?:, snapshot (.+))?$/.exec(watermark);
  if (!m) return watermark;
  const entry = t('rounds.watermarkEntry', { entry: m[1] });
  return m[2] ? t('rounds.watermarkSnapshot', { entry, snapshot: m[2] }) : entry;
}

/** The most investors a tree of this height can count: 2^height leaves, at least two per balance. */
const upTo = (t: T, height: number): string => t('rounds.upTo', { investors: numberText(2 ** (height - 1)) });

/** The BTC price a round counted crypto investments at, when, or why there is none. */
function priceText(t: T, round: LiabilityRound): string {
  if (round.btcPrice !== null && round.btcPriceAt !== null)
    return t('rounds.btcPriceValue', { price: money(round.btcPrice), at: formatDateTime(round.btcPriceAt) });
  return round.statement.includes('"format":"atlas-liabilities-round/1"')
    ? t('rounds.bookValues')
    : t('rounds.noPrice');
}

/** The signed statement of a round, as a file to keep or give to anyone: exactly the signed text, its signature and key. */
function StatementLink({ t, round }: { t: T; round: LiabilityRound }) {
  const file = JSON.stringify(
    { statement: round.statement, signature: round.signature, publicKey: round.publicKey },
    null,
    1,
  );
  return (
    <a
      className="font-semibold text-brand-700 underline"
      download={`atlas-liabilities-round-${round.round}-statement.json`}
      href={`data:application/json;charset=utf-8,${encodeURIComponent(file)}`}
      data-testid="round-statement"
    >
      {t('rounds.statementDownload')}
    </a>
  );
}

/** Public: what the proof of liabilities is, what it proves and not, and every published round. */
export function LiabilitiesPage() {
  const { t } = useTranslation('liabilities');
  const rounds = useQuery(liabilityRoundsQuery);
  return (
    <Page title={t('title')} description={t('metaDescription')} wide>
      <p className="max-w-3xl text-lg text-slate-700">{t('lead')}</p>
      <div className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2">
        <Card>
          <h2 className="text-lg font-semibold text-brand-900">{t('proves.title')}</h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-700">
            {(['counted', 'sums', 'ledger'] as const).map((k) => (
              <li key={k}>{t(`proves.${k}`)}</li>
            ))}
          </ul>
        </Card>
        <Card>
          <h2 className="text-lg font-semibold text-brand-900">{t('notProves.title')}</h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-700">
            {(['reserves', 'after', 'honesty'] as const).map((k) => (
              <li key={k}>{t(`notProves.${k}`)}</li>
            ))}
          </ul>
        </Card>
      </div>
      <p className="mt-6 max-w-3xl text-sm text-slate-600">{t('privacy')}</p>
      <section className="mt-6 max-w-3xl" data-testid="liabilities-valuation" aria-labelledby="liabilities-valuation">
        <h2 id="liabilities-valuation" className="text-lg font-semibold text-brand-900">
          {t('valuation.title')}
        </h2>
        <p className="mt-2 text-sm text-slate-700">{t('valuation.body')}</p>
        <p className="mt-2 text-sm text-slate-700">{t('valuation.stale')}</p>
      </section>

      <h2 className="mt-10 text-2xl font-bold text-brand-900">{t('rounds.title')}</h2>
      {rounds.isError && (
        <div className="mt-4">
          <FormMessage tone="error">{t('rounds.loadFailed')}</FormMessage>
        </div>
      )}
      {rounds.data && rounds.data.rounds.length === 0 && <p className="mt-4 text-slate-600">{t('rounds.empty')}</p>}
      {rounds.data && rounds.data.rounds.length > 0 && (
        // On a phone each round is a card of its figures, read top to bottom; the table from 640 px.
        <ul className="mt-4 space-y-3 sm:hidden" aria-label={t('rounds.caption')} data-testid="liability-round-cards">
          {rounds.data.rounds.map((r) => (
            <li key={r.round} className="rounded-2xl border border-slate-200 bg-white p-4 text-sm">
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="text-slate-600">{t('rounds.round')}</dt>
                <dd className="font-semibold">{r.round}</dd>
                <dt className="text-slate-600">{t('rounds.snapshot')}</dt>
                <dd>{formatDateTime(r.snapshotAt)}</dd>
                <dt className="text-slate-600">{t('rounds.total')}</dt>
                <dd>{money(r.total)}</dd>
                <dt className="text-slate-600">{t('rounds.btcPrice')}</dt>
                <dd data-testid="round-btc-price">{priceText(t, r)}</dd>
                <dt className="text-slate-600">{t('rounds.height')}</dt>
                <dd>
                  {r.height} <span className="text-slate-600">({upTo(t, r.height)})</span>
                </dd>
                <dt className="text-slate-600">{t('rounds.root')}</dt>
                <dd className="min-w-0 font-mono text-xs break-all">{r.root}</dd>
                <dt className="text-slate-600">{t('rounds.watermark')}</dt>
                <dd className="min-w-0 break-words">{watermarkText(t, r.watermark)}</dd>
                <dt className="text-slate-600">{t('rounds.statement')}</dt>
                <dd>
                  <StatementLink t={t} round={r} />
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
      {rounds.data && rounds.data.rounds.length > 0 && (
        <div
          className="mt-4 hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white sm:block"
          tabIndex={0}
          role="region"
          aria-label={t('rounds.caption')}
        >
          <table className="w-full min-w-[52rem] text-left text-sm" data-testid="liability-rounds">
            <caption className="sr-only">{t('rounds.caption')}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-2">
                  {t('rounds.round')}
                </th>
                <th scope="col" className="px-4 py-2">
                  {t('rounds.snapshot')}
                </th>
                <th scope="col" className="px-4 py-2 text-right">
                  {t('rounds.total')}
                </th>
                <th scope="col" className="px-4 py-2">
                  {t('rounds.btcPrice')}
                </th>
                <th scope="col" className="px-4 py-2 text-right">
                  {t('rounds.height')}
                </th>
                <th scope="col" className="px-4 py-2">
                  {t('rounds.root')}
                </th>
                <th scope="col" className="px-4 py-2">
                  {t('rounds.watermark')}
                </th>
                <th scope="col" className="px-4 py-2">
                  {t('rounds.statement')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rounds.data.rounds.map((r) => (
                <tr key={r.round} className="border-t border-slate-100">
                  <td className="px-4 py-2 font-semibold">{r.round}</td>
                  <td className="px-4 py-2 whitespace-nowrap">{formatDateTime(r.snapshotAt)}</td>
                  <td className="px-4 py-2 text-right whitespace-nowrap">{money(r.total)}</td>
                  <td className="px-4 py-2 text-xs" data-testid="round-btc-price">
                    {priceText(t, r)}
                  </td>
                  <td className="px-4 py-2 text-right">
                    {r.height}
                    <span className="block text-xs whitespace-nowrap text-slate-600">{upTo(t, r.height)}</span>
                  </td>
                  <td className="px-4 py-2 font-mono text-xs break-all">{r.root}</td>
                  <td className="px-4 py-2 text-xs">{watermarkText(t, r.watermark)}</td>
                  <td className="px-4 py-2 text-xs whitespace-nowrap">
                    <StatementLink t={t} round={r} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rounds.data && rounds.data.rounds.length > 0 && (
        <p className="mt-3 max-w-3xl text-sm text-slate-600" data-testid="height-help">
          {t('rounds.heightHelp')}
        </p>
      )}

      <Card className="mt-8">
        <h2 className="text-lg font-semibold text-brand-900">{t('key.title')}</h2>
        <p className="mt-2 text-sm text-slate-700">{t('key.body')}</p>
        {rounds.data && (
          <dl className="mt-3 min-w-0 space-y-2 text-sm">
            <div>
              <dt className="text-slate-600">{t('key.publicKey')}</dt>
              <dd className="font-mono text-xs break-all text-slate-900" data-testid="platform-key">
                {rounds.data.publicKey}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">{t('key.fingerprint')}</dt>
              <dd className="font-mono text-xs break-all text-slate-900" data-testid="platform-key-fingerprint">
                {groupsOfFour(rounds.data.fingerprint)}
              </dd>
            </div>
          </dl>
        )}
        <ul className="mt-4 space-y-2 text-sm">
          <li>
            <a
              className="font-semibold text-brand-700 underline"
              href="/proof-of-liabilities/atlas-verify-liabilities.html"
              download
            >
              {t('offline.download')}
            </a>
            <span className="block text-slate-600">
              {withColon(t('offline.hash'))}{' '}
              <code className="font-mono text-xs break-all text-slate-900" data-testid="offline-verifier-sha256">
                {OFFLINE_VERIFIER_SHA256}
              </code>
            </span>
          </li>
          <li>
            <a
              className="font-semibold text-brand-700 underline"
              href="/proof-of-liabilities/atlas-verify-liabilities.mjs"
              download
            >
              {t('offline.cli')}
            </a>
          </li>
          <li>
            <a
              className="font-semibold text-brand-700 underline"
              href="/api/liabilities/rounds"
              download="atlas-liabilities-rounds.json"
            >
              {t('roundsFile')}
            </a>
          </li>
          <li>
            <a className="font-semibold text-brand-700 underline" href="/proof-of-liabilities/vectors.json">
              {t('vectors')}
            </a>
          </li>
        </ul>
      </Card>
    </Page>
  );
}
