import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { projectedReturn, simulatorRateBps, type Area } from '../../../core/areas';
import { fromDecimalString, parseAmount } from '../../../core/money';
import { Button, Card, Field, FormMessage, Stat, TextInput } from '../../components/form';
import { Page } from '../../components/Page';
import { newIdempotencyKey } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { money } from '../../lib/format';
import { useDelayedRedirect } from '../../lib/redirect';
import { useMe } from '../../lib/session';
import { useInvest } from './api';
import { AreaPicker } from './AreaPicker';

const validationCodes = new Set(['invalid_amount', 'insufficient_balance', 'profile_not_found', 'unknown_area']);

export function InvestPage() {
  const { t } = useTranslation('investing');
  const { data: me } = useMe();
  const invest = useInvest();
  const redirect = useDelayedRedirect();
  const [area, setArea] = useState<Area>('crypto');
  const [amount, setAmount] = useState('');
  const [projection, setProjection] = useState<{ amount: number; projected: number; area: Area } | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const [done, setDone] = useState(false);

  const balance = me ? fromDecimalString(me.balance) : 0;
  const parsed = parseAmount(amount);
  const cents = parsed.ok ? parsed.cents : 0;
  const canConfirm = parsed.ok && cents <= balance && !invest.isPending && !done;

  const edit = (next: () => void) => {
    next();
    setProjection(null);
    setFieldError(null);
    invest.reset();
    setKey(newIdempotencyKey());
  };

  const calculate = () => {
    if (!parsed.ok) return setFieldError(t('errors:invalid_amount'));
    setFieldError(null);
    setProjection({ amount: cents, projected: projectedReturn(area, cents), area });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!parsed.ok) return setFieldError(t('errors:invalid_amount'));
    if (cents > balance) return setFieldError(t('insufficient'));
    invest.mutate(
      { area, amount: amount.trim(), key },
      {
        onSuccess: () => {
          setDone(true);
          redirect('/portfolio', 2000);
        },
      },
    );
  };

  const failure = invest.error
    ? validationCodes.has((invest.error as { code?: string }).code ?? '')
      ? errorMessage(t, invest.error)
      : t('failure', { message: errorMessage(t, invest.error) })
    : null;

  return (
    <Page title={t('title')} description={t('metaDescription')} wide>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <form onSubmit={submit} noValidate className="flex flex-col gap-6">
          <AreaPicker value={area} onChange={(a) => edit(() => setArea(a))} />
          <Card>
            <h2 className="mb-4 text-lg font-semibold text-brand-900">{t('amountStep')}</h2>
            <div className="flex flex-col gap-4">
              <Field label={t('amount')} error={fieldError} hint={t('amountHint', { balance: money(balance) })}>
                {(a11y) => (
                  <TextInput
                    {...a11y}
                    name="amount"
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="250.00"
                    value={amount}
                    onChange={(e) => edit(() => setAmount(e.target.value))}
                  />
                )}
              </Field>
              <div className="flex flex-wrap gap-3">
                <Button tone="secondary" onClick={calculate}>
                  {t('calculate')}
                </Button>
                <Button type="submit" disabled={!canConfirm}>
                  {invest.isPending ? t('sending') : t('confirm')}
                </Button>
              </div>
              {projection && (
                <div role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
                  <p className="font-semibold">{t('projectionTitle')}</p>
                  <p className="mt-1">
                    {t('projection', { amount: money(projection.amount), projected: money(projection.projected), rate: `${simulatorRateBps[projection.area] / 100} %` })}
                  </p>
                  <p className="mt-2 text-xs">{t('projectionWarning')}</p>
                </div>
              )}
              {failure && <FormMessage tone="error">{failure}</FormMessage>}
              {done && <FormMessage tone="success">{t('success')}</FormMessage>}
            </div>
          </Card>
        </form>
        <aside className="flex flex-col gap-4">
          <Card>
            <div className="flex flex-col gap-4">
              <Stat label={t('balance')} value={money(balance)} />
              <Stat label={t('invested')} value={me ? money(me.invested) : '—'} tone="muted" />
            </div>
            {me && balance === 0 && (
              <div className="mt-4 text-sm text-slate-700">
                <p>{t('noBalance')}</p>
                <Link to="/deposit" className="mt-2 inline-block font-semibold text-brand-600 underline hover:text-brand-700">
                  {t('goDeposit')}
                </Link>
              </div>
            )}
          </Card>
          <Card className="text-sm text-slate-700">
            <p>{t('lockNote')}</p>
            {area === 'crypto' && <p className="mt-2">{t('cryptoNote')}</p>}
          </Card>
        </aside>
      </div>
    </Page>
  );
}
