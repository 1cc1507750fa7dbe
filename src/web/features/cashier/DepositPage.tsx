import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AmountField } from '../../components/AmountField';
import { Button, Card, Field, FormMessage, inputClass, Stat } from '../../components/form';
import { Page } from '../../components/Page';
import { useToasts } from '../../components/toast';
import { useMoneyForm, type FieldRule } from '../../components/useMoneyForm';
import { money } from '../../lib/format';
import { fromDecimalString } from '../../../core/money';
import { useDelayedRedirect } from '../../lib/redirect';
import { useMe, useRefreshMe } from '../../lib/session';
import { uploadWithProgress } from '../../lib/upload';
import { useDepositAddresses } from './api';
import { ChainPayments } from './ChainPayments';
import { CorrectionNotice, useCorrection } from './Correction';
import { formatAmountInput } from '../../../core/money';

const MAX_BYTES = 5 * 1024 * 1024;
const fieldCodes = {
  invalid_amount: 'amount',
  proof_required: 'proof',
  file_too_large: 'proof',
  file_not_image: 'proof',
  deposits_unavailable: null,
  deposit_coin_required: 'coin',
  deposit_coin_on_chain: 'coin',
};

const coinName = (coin: string) => coin.replace('_', ' ');
// The QR encoder (about 4 kB) loads only for a person shown an address of their own, off the first
// render; its box keeps its size meanwhile, so nothing moves when it arrives.
const AddressQr = lazy(() => import('./AddressQr').then((m) => ({ default: m.AddressQr })));

function Addresses() {
  const { t } = useTranslation('cashier');
  const toast = useToasts();
  const { data } = useDepositAddresses();
  if (!data) return null;
  if (!data.available) return <FormMessage tone="error">{t('deposit.unavailable')}</FormMessage>;
  const copy = async (coin: string, address: string) => {
    try {
      await navigator.clipboard.writeText(address);
      toast.success(t('deposit.copied', { coin }));
    } catch {
      toast.error(t('deposit.copyFailed', { coin }));
    }
  };
  return (
    <Card>
      <h2 className="text-lg font-semibold text-brand-900">{t('deposit.addressesTitle')}</h2>
      {data.sample && (
        <p className="mt-2 rounded-md bg-amber-100 px-3 py-2 text-xs font-bold text-amber-900">{t('deposit.sample')}</p>
      )}
      <ul className="mt-3 divide-y divide-slate-100">
        {data.addresses.map((a) => (
          <li key={a.coin} className="flex flex-col gap-2 py-3 sm:flex-row sm:flex-wrap sm:items-center">
            <span className="w-28 shrink-0 text-sm font-bold text-brand-900">{a.coin.replace('_', ' ')}</span>
            <code className="min-w-0 flex-1 break-all rounded bg-slate-100 px-2 py-1 text-xs text-slate-800">
              {a.address}
            </code>
            <Button
              tone="secondary"
              className="shrink-0 py-1.5"
              onClick={() => void copy(a.coin.replace('_', ' '), a.address)}
              aria-label={t('deposit.copy', { coin: a.coin.replace('_', ' ') })}
            >
              <svg
                viewBox="0 0 24 24"
                className="h-4 w-4"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
              >
                <rect x="9" y="9" width="11" height="11" rx="2" />
                <path d="M5 15V5a2 2 0 0 1 2-2h10" />
              </svg>
            </Button>
            {a.own && (
              <div className="flex flex-col items-start gap-2 sm:basis-full sm:flex-row sm:items-center">
                <Suspense fallback={<div className="h-40 w-40 shrink-0 rounded-md border border-slate-200 bg-white" />}>
                  <AddressQr address={a.address} label={t('deposit.qr', { coin: coinName(a.coin) })} />
                </Suspense>
                <p className="text-sm text-slate-700">
                  {t('deposit.own', { coin: coinName(a.coin) })}
                  {a.followed && <> {t('deposit.followed')}</>}
                </p>
              </div>
            )}
            {!a.own && a.followed && <p className="text-sm text-slate-700 sm:basis-full">{t('deposit.claimed')}</p>}
          </li>
        ))}
      </ul>
    </Card>
  );
}

// Named by screens.ts: the first render of this screen waits for the addresses (app/routes.tsx).
export { prefetchDepositPage } from './api';

export function DepositPage() {
  const { t } = useTranslation('cashier');
  const { data: me } = useMe();
  const refreshMe = useRefreshMe();
  const toast = useToasts();
  const redirect = useDelayedRedirect();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const [coin, setCoin] = useState('');
  const { data: listed } = useDepositAddresses();
  // A coin followed on chain is never declared (decision 062): the form is for the others alone.
  const declarable = listed?.addresses.filter((a) => !a.followed) ?? [];
  const onChainOnly = Boolean(listed?.available && declarable.length === 0);
  // With an address of the person's own, or one followed on chain, among several coins to declare,
  // the operator must know which one was paid.
  const askCoin = Boolean(listed?.addresses.some((a) => a.own || a.followed) && declarable.length > 1);
  const followedCoins = listed?.addresses.filter((a) => a.followed).map((a) => coinName(a.coin)) ?? [];
  const form = useMoneyForm({ fieldCodes, failure: (message) => t('deposit.failure', { message }) });
  // "Corriger" from the history: the rejected deposit's amount, a new proof, sent as its next version.
  const correcting = useCorrection('deposit');
  const [prefilled, setPrefilled] = useState<string | null>(null);
  useEffect(() => {
    if (!correcting || prefilled === correcting.id) return;
    setPrefilled(correcting.id);
    form.setText(formatAmountInput(fromDecimalString(correcting.amount), form.lang));
  }, [correcting, prefilled, form]);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  /** The rules of spec §5, checked before sending (the server checks them again, and the bytes). */
  const rules: FieldRule[] = [
    ['proof', () => (file && file.size > MAX_BYTES ? t('errors:file_too_large') : null)],
    ['proof', () => (file && !file.type.startsWith('image/') ? t('errors:file_not_image') : null)],
    ['coin', () => (askCoin && !coin ? t('errors:deposit_coin_required') : null)],
    ['amount', form.amountProblem],
    ['proof', () => (file ? null : t('errors:proof_required'))],
  ];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.check(rules) || !file) return;
    const body = new FormData();
    body.append('amount', form.wire);
    if (askCoin) body.append('coin', coin);
    if (correcting) body.append('previousId', correcting.id);
    body.append('proof', file);
    setProgress(0);
    try {
      await uploadWithProgress('/api/deposits', body, setProgress, form.key);
      setDone(true);
      toast.success(t('deposit.success'));
      void refreshMe();
      redirect('/cashier', 2000);
    } catch (err) {
      form.refused(err);
    } finally {
      setProgress(null);
    }
  };

  const sending = progress !== null;
  return (
    <Page title={t('deposit.title')} description={t('deposit.metaDescription')}>
      <Link
        to="/cashier"
        className="mb-4 inline-block text-sm font-semibold text-brand-600 underline hover:text-brand-700"
      >
        ← {t('deposit.back')}
      </Link>
      <div className="grid gap-6 md:grid-cols-[1fr_18rem]">
        <div className="flex flex-col gap-6">
          {correcting && <CorrectionNotice kind="deposit" request={correcting} />}
          <Addresses />
          {onChainOnly ? (
            <Card>
              <h2 className="mb-2 text-lg font-semibold text-brand-900">{t('deposit.formTitle')}</h2>
              <p className="text-sm text-slate-700">{t('deposit.onChainOnly')}</p>
            </Card>
          ) : (
            <Card>
              <h2 className="mb-4 text-lg font-semibold text-brand-900">{t('deposit.formTitle')}</h2>
              <form ref={form.ref} onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
                {followedCoins.length > 0 && declarable.length === 1 && (
                  <p className="text-sm text-slate-700">
                    {t('deposit.declaring', {
                      coin: coinName(declarable[0]!.coin),
                      followed: followedCoins.join(', '),
                    })}
                  </p>
                )}
                {askCoin && (
                  <Field label={t('deposit.coin')} errorRef={form.messageFor('coin')}>
                    {(a11y) => (
                      <select
                        {...a11y}
                        name="coin"
                        className={inputClass}
                        value={coin}
                        onChange={(e) => {
                          setCoin(e.target.value);
                          form.edited();
                        }}
                      >
                        <option value="">{t('deposit.coinChoose')}</option>
                        {declarable.map((a) => (
                          <option key={a.coin} value={a.coin}>
                            {coinName(a.coin)}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                )}
                <AmountField form={form} label={t('deposit.amount')} example={50_000} />
                <Field label={t('deposit.proof')} hint={t('deposit.proofHint')} errorRef={form.messageFor('proof')}>
                  {(a11y) => (
                    <input
                      {...a11y}
                      type="file"
                      name="proof"
                      accept="image/png,image/jpeg,image/webp,image/gif"
                      onChange={(e) => {
                        setFile(e.target.files?.[0] ?? null);
                        form.edited();
                      }}
                      className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
                    />
                  )}
                </Field>
                {preview && (
                  <img
                    src={preview}
                    alt={t('deposit.preview')}
                    className="max-h-64 w-auto self-start rounded-lg border border-slate-200 object-contain"
                  />
                )}
                {sending && (
                  <div>
                    <progress
                      max={100}
                      value={progress ?? 0}
                      className="h-2 w-full overflow-hidden rounded-full accent-brand-600"
                      aria-label={t('deposit.progress', { percent: progress ?? 0 })}
                    />
                    <p className="mt-1 text-xs text-slate-600" aria-live="polite">
                      {t('deposit.progress', { percent: progress ?? 0 })}
                    </p>
                  </div>
                )}
                {form.problem && (
                  <FormMessage id={form.messageId} tone="error">
                    {form.problem}
                  </FormMessage>
                )}
                {done && <FormMessage tone="success">{t('deposit.success')}</FormMessage>}
                <Button type="submit" disabled={sending || done}>
                  {sending ? t('deposit.sending') : t('deposit.submit')}
                </Button>
                <p className="text-xs text-slate-600">{t('deposit.note')}</p>
              </form>
            </Card>
          )}
        </div>
        <div className="flex flex-col gap-4">
          <Card>
            <Stat label={t('deposit.balance')} value={me ? money(me.balance) : '—'} />
          </Card>
          <ChainPayments />
        </div>
      </div>
    </Page>
  );
}
