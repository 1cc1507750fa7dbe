import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { addressPlaceholders, cryptoTypes, validateAddress, type CryptoType } from '../../../core/crypto-address';
import { fromDecimalString, parseAmount } from '../../../core/money';
import { Button, Card, Field, FormMessage, inputClass, Stat, TextInput } from '../../components/form';
import { Page } from '../../components/Page';
import { VerifyEmailNotice } from '../../components/VerifyEmailNotice';
import { newIdempotencyKey } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, money } from '../../lib/format';
import { useDelayedRedirect } from '../../lib/redirect';
import { useMe } from '../../lib/session';
import { useCashierHistory, useWithdraw } from './api';
import { Notes } from './Notes';

const fieldCodes = new Set(['invalid_amount', 'withdrawal_address_required', 'withdrawal_address_invalid', 'withdrawal_locked', 'withdrawal_insufficient_funds', 'unknown_crypto']);

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
  const [amount, setAmount] = useState('');
  const [crypto, setCrypto] = useState<CryptoType>('BTC');
  const [address, setAddress] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const daysLeft = me?.withdrawalLockDaysLeft ?? 0;
  const holdHours = me?.withdrawalPasswordHoldHoursLeft ?? 0;
  const locked = daysLeft > 0 || holdHours > 0 || me?.emailVerified === false;
  const balance = me ? fromDecimalString(me.balance) : 0;

  const changed = () => {
    setProblem(null);
    withdraw.reset();
    setKey(newIdempotencyKey());
  };

  const localProblem = (): string | null => {
    const parsed = parseAmount(amount);
    if (!parsed.ok) return t('errors:invalid_amount');
    if (address.trim() === '') return t('errors:withdrawal_address_required');
    if (!validateAddress(crypto, address.trim())) return t('errors:withdrawal_address_invalid', { crypto });
    if (parsed.cents > balance) return t('errors:withdrawal_insufficient_funds');
    return null;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const local = localProblem();
    setProblem(local);
    if (local) return;
    withdraw.mutate({ amount: amount.trim(), crypto, address: address.trim(), key }, { onSuccess: () => redirect('/cashier', 2000) });
  };

  const serverError = withdraw.error
    ? fieldCodes.has((withdraw.error as { code?: string }).code ?? '')
      ? errorMessage(t, withdraw.error)
      : t('withdraw.failure', { message: errorMessage(t, withdraw.error) })
    : null;
  const label = daysLeft > 0
    ? t('withdraw.blocked', { count: daysLeft })
    : withdraw.isPending
      ? t('withdraw.sending')
      : withdraw.isSuccess
        ? t('withdraw.sent')
        : t('withdraw.submit');

  return (
    <Page title={t('withdraw.title')} description={t('withdraw.metaDescription')}>
      <Link to="/cashier" className="mb-4 inline-block text-sm font-semibold text-brand-600 underline hover:text-brand-700">
        ← {t('withdraw.back')}
      </Link>
      {daysLeft > 0 && (
        <div role="alert" className="mb-6 rounded-xl border-2 border-red-600 bg-red-50 px-4 py-3 font-semibold text-red-800">
          {t('withdraw.locked', { count: daysLeft })}
        </div>
      )}
      {holdHours > 0 && (
        <div role="alert" data-testid="password-hold" className="mb-6 rounded-xl border-2 border-red-600 bg-red-50 px-4 py-3 font-semibold text-red-800">
          {t('common:security.passwordHold', { count: holdHours })}
        </div>
      )}
      <VerifyEmailNotice me={me} />
      <div className="grid gap-6 md:grid-cols-[1fr_18rem]">
        <Card>
          <form onSubmit={submit} noValidate>
            <fieldset disabled={locked} className="flex flex-col gap-4 disabled:opacity-60">
              <Field label={t('withdraw.amount')}>
                {(a11y) => <TextInput {...a11y} name="amount" inputMode="decimal" autoComplete="off" placeholder="100.00" value={amount} onChange={(e) => { setAmount(e.target.value); changed(); }} />}
              </Field>
              <Field label={t('withdraw.crypto')}>
                {(a11y) => (
                  <select
                    {...a11y}
                    name="crypto"
                    className={inputClass}
                    value={crypto}
                    onChange={(e) => {
                      setCrypto(e.target.value as CryptoType);
                      setAddress('');
                      changed();
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
              <Field label={t('withdraw.address')} hint={t('withdraw.addressHint')}>
                {(a11y) => (
                  <TextInput {...a11y} name="address" autoComplete="off" spellCheck={false} placeholder={addressPlaceholders[crypto]} value={address} onChange={(e) => { setAddress(e.target.value); changed(); }} className="font-mono text-sm" />
                )}
              </Field>
              {(problem || serverError) && <FormMessage tone="error">{problem ?? serverError}</FormMessage>}
              {withdraw.isSuccess && <FormMessage tone="success">{t('withdraw.success')}</FormMessage>}
              <Button type="submit" tone={locked ? 'danger' : 'primary'} disabled={locked || withdraw.isPending || withdraw.isSuccess}>
                {label}
              </Button>
            </fieldset>
          </form>
        </Card>
        <div className="flex flex-col gap-4">
          <Card>
            <div className="flex flex-col gap-4">
              <Stat label={t('withdraw.available')} value={money(balance)} />
              <Stat label={t('withdraw.invested')} value={me ? money(me.invested) : '—'} tone="muted" />
            </div>
          </Card>
          <PendingWithdrawals />
          <Notes section="withdraw" />
        </div>
      </div>
    </Page>
  );
}
