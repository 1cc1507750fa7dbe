import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  addressPlaceholders,
  cryptoTypes,
  isCryptoType,
  validateAddress,
  type CryptoType,
} from '../../../core/crypto-address';
import { formatAmountInput, fromDecimalString } from '../../../core/money';
import { AmountField } from '../../components/AmountField';
import { Button, Card, Field, FormMessage, inputClass, Stat, TextInput } from '../../components/form';
import { Page } from '../../components/Page';
import { VerifyEmailNotice } from '../../components/VerifyEmailNotice';
import { useMoneyForm, type FieldRule } from '../../components/useMoneyForm';
import type { LimitsView } from '../../../contracts/limits';
import type { Tier } from '../../../core/tiers';
import { formatDate, formatDateTime, money } from '../../lib/format';
import { useDelayedRedirect } from '../../lib/redirect';
import { useLimits } from '../../lib/limits';
import { useMe } from '../../lib/session';
import { useCashierHistory, useWithdraw, useWithdrawalHold } from './api';
import { PaidWithdrawals } from './Payout';
import { Notes } from './Notes';
import { CorrectionNotice, useCorrection } from './Correction';

type Limit = LimitsView['limits'][number];

const fieldCodes = {
  invalid_amount: 'amount',
  withdrawal_address_required: 'address',
  withdrawal_address_invalid: 'address',
  withdrawal_locked: null,
  withdrawals_held_chain: null,
  withdrawal_insufficient_funds: 'amount',
  unknown_crypto: 'crypto',
};

function PendingWithdrawals() {
  const { t } = useTranslation('cashier');
  const { data } = useCashierHistory();
  const pending = data?.withdrawals.filter((w) => w.status === 'pending') ?? [];
  return (
    <Card>
      <h2 className="mb-3 text-base font-semibold text-brand-900">{t('withdraw.pendingTitle')}</h2>
      {pending.length === 0 ? (
        <p className="text-sm text-slate-600">{t('withdraw.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {pending.map((w) => (
            <li key={w.id} className="py-2">
              <span className="font-semibold tabular-nums">{money(w.amount)}</span> · {w.crypto}
              <span className="block text-xs text-slate-500">{formatDateTime(w.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function WithdrawPage() {
  const { t } = useTranslation('cashier');
  const { data: me } = useMe();
  const withdraw = useWithdraw();
  const redirect = useDelayedRedirect();
  const [crypto, setCrypto] = useState<CryptoType>('BTC');
  const [address, setAddress] = useState('');
  const form = useMoneyForm({
    fieldCodes,
    failure: (message) => t('withdraw.failure', { message }),
    onEdit: () => withdraw.reset(),
  });
  // "Corriger" from the history: the rejected withdrawal's amount, coin and address, sent as its next version.
  const correcting = useCorrection('withdrawal');
  const [prefilled, setPrefilled] = useState<string | null>(null);
  useEffect(() => {
    if (!correcting || prefilled === correcting.id) return;
    setPrefilled(correcting.id);
    form.setText(formatAmountInput(fromDecimalString(correcting.amount), form.lang));
    if (isCryptoType(correcting.crypto)) setCrypto(correcting.crypto);
    setAddress(correcting.address);
  }, [correcting, prefilled, form]);
  const daysLeft = me?.withdrawalLockDaysLeft ?? 0;
  const holdHours = me?.withdrawalPasswordHoldHoursLeft ?? 0;
  const factorHoldHours = me?.withdrawalSecondFactorHoldHoursLeft ?? 0;
  const { data: limits } = useLimits();
  const limit = limits?.enabled ? limits.limits.find((l) => l.direction === 'withdrawal') : undefined;
  // Nothing can be withdrawn at all (the tier allows none, or the 30 days used it all): the page
  // says why and what unlocks it instead of offering a form (issue 46, item 2).
  const limitBlocked = limit?.blocked ? limit : null;
  // A deposit's transaction left the blockchain: no form until an operator releases the hold (decision 058).
  const hold = useWithdrawalHold();
  const chainHeld = hold.data?.held ? hold.data : null;
  const locked = daysLeft > 0 || holdHours > 0 || factorHoldHours > 0 || me?.emailVerified === false;
  const balance = me ? fromDecimalString(me.balance) : 0;

  const rules: FieldRule[] = [
    ['amount', form.amountProblem],
    ['address', () => (address.trim() === '' ? t('errors:withdrawal_address_required') : null)],
    [
      'address',
      () => (validateAddress(crypto, address.trim()) ? null : t('errors:withdrawal_address_invalid', { crypto })),
    ],
    ['amount', () => ((form.cents ?? 0) > balance ? t('errors:withdrawal_insufficient_funds') : null)],
  ];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.check(rules)) return;
    withdraw.mutate(
      { amount: form.wire, crypto, address: address.trim(), key: form.key, previousId: correcting?.id },
      {
        onSuccess: () => redirect('/cashier', 2000),
        onError: (err) => {
          form.refused(err);
          // Held meanwhile: the notice replaces the form.
          void hold.refetch();
        },
      },
    );
  };

  const label =
    daysLeft > 0
      ? t('withdraw.blocked', { count: daysLeft })
      : withdraw.isPending
        ? t('withdraw.sending')
        : withdraw.isSuccess
          ? t('withdraw.sent')
          : t('withdraw.submit');

  return (
    <Page title={t('withdraw.title')} description={t('withdraw.metaDescription')}>
      <Link
        to="/cashier"
        className="mb-4 inline-block text-sm font-semibold text-brand-600 underline hover:text-brand-700"
      >
        ← {t('withdraw.back')}
      </Link>
      {daysLeft > 0 && (
        <div
          role="alert"
          className="mb-6 rounded-xl border-2 border-red-600 bg-red-50 px-4 py-3 font-semibold text-red-800"
        >
          {t('withdraw.locked', { count: daysLeft })}
        </div>
      )}
      {holdHours > 0 && (
        <div
          role="alert"
          data-testid="password-hold"
          className="mb-6 rounded-xl border-2 border-red-600 bg-red-50 px-4 py-3 font-semibold text-red-800"
        >
          {t('common:security.passwordHold', { count: holdHours })}
        </div>
      )}
      {factorHoldHours > 0 && (
        <div
          role="alert"
          data-testid="second-factor-hold"
          className="mb-6 rounded-xl border-2 border-red-600 bg-red-50 px-4 py-3 font-semibold text-red-800"
        >
          {t('common:security.secondFactorHold', { count: factorHoldHours })}
        </div>
      )}
      <VerifyEmailNotice me={me} />
      {correcting && (
        <div className="mb-6">
          <CorrectionNotice kind="withdrawal" request={correcting} />
        </div>
      )}
      <div className="grid gap-6 md:grid-cols-[1fr_18rem]">
        {chainHeld ? (
          <ChainHeld since={chainHeld.since} />
        ) : limitBlocked ? (
          <LimitBlocked limit={limitBlocked} tier={limits!.tier} raise={limits?.next === 'identity'} />
        ) : (
          <Card>
            <form ref={form.ref} onSubmit={submit} noValidate>
              <fieldset disabled={locked} className="flex flex-col gap-4 disabled:opacity-60">
                <AmountField form={form} label={t('withdraw.amount')} example={10_000} />
                <Field label={t('withdraw.crypto')} errorRef={form.messageFor('crypto')}>
                  {(a11y) => (
                    <select
                      {...a11y}
                      name="crypto"
                      className={inputClass}
                      value={crypto}
                      onChange={(e) => {
                        setCrypto(e.target.value as CryptoType);
                        setAddress('');
                        form.edited();
                      }}
                    >
                      {cryptoTypes.map((c) => (
                        <option key={c.value} value={c.value}>
                          {c.label}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field
                  label={t('withdraw.address')}
                  hint={t('withdraw.addressHint')}
                  errorRef={form.messageFor('address')}
                >
                  {(a11y) => (
                    <TextInput
                      {...a11y}
                      name="address"
                      autoComplete="off"
                      spellCheck={false}
                      placeholder={addressPlaceholders[crypto]}
                      value={address}
                      onChange={(e) => {
                        setAddress(e.target.value);
                        form.edited();
                      }}
                      className="font-mono text-sm"
                    />
                  )}
                </Field>
                {form.problem && (
                  <FormMessage id={form.messageId} tone="error">
                    {form.problem}
                  </FormMessage>
                )}
                {withdraw.isSuccess && <FormMessage tone="success">{t('withdraw.success')}</FormMessage>}
                <Button
                  type="submit"
                  tone={locked ? 'danger' : 'primary'}
                  disabled={locked || withdraw.isPending || withdraw.isSuccess}
                >
                  {label}
                </Button>
              </fieldset>
            </form>
          </Card>
        )}
        <div className="flex flex-col gap-4">
          <Card>
            <div className="flex flex-col gap-4">
              <Stat label={t('withdraw.available')} value={money(balance)} />
              <Stat label={t('withdraw.invested')} value={me ? money(me.invested) : '—'} tone="muted" />
              {!limitBlocked && <WithdrawalLimit />}
            </div>
          </Card>
          <PendingWithdrawals />
          <PaidWithdrawals />
          <Notes section="withdraw" />
        </div>
      </div>
    </Page>
  );
}

/** A deposit's transaction left the blockchain after it was credited: withdrawals wait for an operator. */
function ChainHeld({ since }: { since: string | null }) {
  const { t } = useTranslation('cashier');
  return (
    <Card className="self-start">
      <section aria-labelledby="withdraw-chain-hold-title" data-testid="withdraw-chain-hold" role="status">
        <h2 id="withdraw-chain-hold-title" className="text-lg font-bold text-brand-900">
          {t('withdraw.chainHold.title')}
        </h2>
        <p className="mt-2 text-sm text-slate-700">{t('withdraw.chainHold.body')}</p>
        <p className="mt-2 text-sm text-slate-700">{t('withdraw.chainHold.balance')}</p>
        {since && (
          <p className="mt-2 text-sm text-slate-600">
            {t('withdraw.chainHold.since', { date: formatDateTime(since) })}
          </p>
        )}
      </section>
    </Card>
  );
}

/**
 * No withdrawal is possible now: why (the tier allows none, or the 30 days used the whole limit),
 * and the step that unlocks it: verifying the identity, or the day part of the limit frees.
 */
function LimitBlocked({ limit, tier, raise }: { limit: Limit; tier: Tier; raise: boolean }) {
  const { t } = useTranslation('cashier');
  return (
    <Card className="self-start">
      <section aria-labelledby="withdraw-blocked-title" data-testid="withdraw-blocked" role="status">
        <h2 id="withdraw-blocked-title" className="text-lg font-bold text-brand-900">
          {t('withdraw.limitBlocked.title')}
        </h2>
        <p className="mt-2 text-sm text-slate-700">
          {limit.blocked === 'tier'
            ? t('withdraw.limitBlocked.tier', { tier: t(`withdraw.limitBlocked.tiers.${tier}`) })
            : t('withdraw.limitBlocked.used', { max: money(limit.rolling30Days!), used: money(limit.used) })}
        </p>
        {limit.blocked === 'used' && limit.freesAt && (
          <p className="mt-2 text-sm text-slate-700">
            {t('withdraw.limitBlocked.freesAt', { date: formatDate(limit.freesAt) })}
          </p>
        )}
        {raise ? (
          <Link
            to="/profile#identity"
            className="mt-4 inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            {t('withdraw.limitBlocked.verify')}
          </Link>
        ) : (
          limit.blocked === 'tier' && (
            <p className="mt-2 text-sm text-slate-700">{t('withdraw.limitBlocked.support')}</p>
          )
        )}
      </section>
    </Card>
  );
}

/** What the investor's tier still lets them withdraw over 30 days (decision 037), when limits apply. */
function WithdrawalLimit() {
  const { t } = useTranslation('cashier');
  const { data } = useLimits();
  const limit = data?.limits.find((l) => l.direction === 'withdrawal');
  if (!data?.enabled || !limit || limit.left === null) return null;
  return (
    <p className="text-sm text-slate-700" data-testid="withdraw-limit">
      {t('withdraw.limitLeft', { left: money(limit.left), max: money(limit.rolling30Days!) })}{' '}
      {data.next === 'identity' && (
        <Link to="/profile#identity" className="font-semibold text-brand-900 underline underline-offset-2">
          {t('withdraw.raiseLimit')}
        </Link>
      )}
    </p>
  );
}
