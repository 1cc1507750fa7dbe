import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { projectedReturn, simulatorRateBps, type Area } from '../../../core/areas';
import { fromDecimalString } from '../../../core/money';
import { AmountField } from '../../components/AmountField';
import { Button, Card, FormMessage, Stat } from '../../components/form';
import { Page } from '../../components/Page';
import { useMoneyForm, type Rule } from '../../components/useMoneyForm';
import { money } from '../../lib/format';
import { useDelayedRedirect } from '../../lib/redirect';
import { useMe } from '../../lib/session';
import { useInvest } from './api';
import { AreaPicker } from './AreaPicker';

const validationCodes = {
  invalid_amount: 'amount',
  insufficient_balance: 'amount',
  profile_not_found: null,
  unknown_area: null,
};

export function InvestPage() {
  const { t } = useTranslation('investing');
  const { data: me } = useMe();
  const invest = useInvest();
  const redirect = useDelayedRedirect();
  const [area, setArea] = useState<Area>('crypto');
  const [projection, setProjection] = useState<{ amount: number; projected: number; area: Area } | null>(null);
  const [done, setDone] = useState(false);
  const form = useMoneyForm({
    fieldCodes: validationCodes,
    failure: (message) => t('failure', { message }),
    onEdit: () => {
      setProjection(null);
      invest.reset();
    },
  });

  const balance = me ? fromDecimalString(me.balance) : 0;
  const cents = form.cents ?? 0;
  const insufficient: Rule = () => (cents > balance ? t('insufficient') : null);
  /** Why the confirm button is greyed out, shown beside it (spec §5). */
  const blocked = form.text.trim() === '' ? t('enterAmount') : (form.amountProblem() ?? insufficient());
  const canConfirm = blocked === null && !invest.isPending && !done;
  const showReason = blocked !== null && blocked !== form.problem && !done;

  const pickArea = (next: Area) => {
    setArea(next);
    form.edited();
  };

  const calculate = () => {
    if (!form.check([['amount', form.amountProblem]])) return;
    setProjection({ amount: cents, projected: projectedReturn(area, cents), area });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (
      !form.check([
        ['amount', form.amountProblem],
        ['amount', insufficient],
      ])
    )
      return;
    invest.mutate(
      { area, amount: form.wire, key: form.key },
      {
        onSuccess: () => {
          setDone(true);
          redirect('/portfolio', 2000);
        },
      },
    );
  };

  const failure = form.describe(invest.error);

  return (
    <Page title={t('title')} description={t('metaDescription')} wide>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <form ref={form.ref} onSubmit={submit} noValidate className="flex flex-col gap-6">
          <AreaPicker value={area} onChange={pickArea} />
          <Card>
            <h2 className="mb-4 text-lg font-semibold text-brand-900">{t('amountStep')}</h2>
            <div className="flex flex-col gap-4">
              <AmountField
                form={form}
                label={t('amount')}
                example={25_000}
                error={form.problem}
                hint={t('amountHint', { balance: money(balance) })}
              />
              <div className="flex flex-wrap items-center gap-3">
                <Button tone="secondary" onClick={calculate}>
                  {t('calculate')}
                </Button>
                <Button
                  type="submit"
                  disabled={!canConfirm}
                  aria-describedby={showReason ? 'invest-blocked' : undefined}
                >
                  {invest.isPending ? t('sending') : t('confirm')}
                </Button>
                {showReason && (
                  <p
                    id="invest-blocked"
                    className={`min-w-0 text-sm font-medium ${form.text.trim() === '' ? 'text-slate-600' : 'text-red-700'}`}
                    data-testid="confirm-reason"
                  >
                    {blocked}
                  </p>
                )}
              </div>
              {projection && (
                <div
                  role="status"
                  className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
                >
                  <p className="font-semibold">{t('projectionTitle')}</p>
                  <p className="mt-1">
                    {t('projection', {
                      amount: money(projection.amount),
                      projected: money(projection.projected),
                      rate: `${simulatorRateBps[projection.area] / 100} %`,
                    })}
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
                <Link
                  to="/deposit"
                  className="mt-2 inline-block font-semibold text-brand-600 underline hover:text-brand-700"
                >
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
