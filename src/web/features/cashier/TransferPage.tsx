import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fromDecimalString } from '../../../core/money';
import { AmountField } from '../../components/AmountField';
import { Button, Card, Field, FormMessage, Stat, TextInput } from '../../components/form';
import { Page } from '../../components/Page';
import { VerifyEmailNotice } from '../../components/VerifyEmailNotice';
import { useMoneyForm, type FieldRule } from '../../components/useMoneyForm';
import { errorMessage } from '../../lib/errors';
import { money } from '../../lib/format';
import { useDelayedRedirect } from '../../lib/redirect';
import { useMe } from '../../lib/session';
import { useRecipientCheck, useTransfer } from './api';
import { Notes } from './Notes';

const fieldCodes = {
  invalid_amount: 'amount',
  transfer_uid_required: 'recipientUid',
  transfer_insufficient_balance: 'amount',
  recipient_not_found: 'recipientUid',
  transfer_to_self: 'recipientUid',
};

export function TransferPage() {
  const { t } = useTranslation('cashier');
  const { data: me } = useMe();
  const check = useRecipientCheck();
  const transfer = useTransfer();
  const redirect = useDelayedRedirect();
  const [uid, setUid] = useState('');
  const form = useMoneyForm({
    fieldCodes,
    failure: (message) => t('transfer.failure', { message }),
    onEdit: () => transfer.reset(),
  });
  const balance = me ? fromDecimalString(me.balance) : 0;

  /** The rules of spec §5, in its order, before anything is sent. */
  const rules: FieldRule[] = [
    ['amount', form.amountProblem],
    ['recipientUid', () => (uid.trim() === '' ? t('errors:transfer_uid_required') : null)],
    ['amount', () => ((form.cents ?? 0) > balance ? t('errors:transfer_insufficient_balance') : null)],
    ['recipientUid', () => (me && uid.trim().toUpperCase() === me.uid ? t('errors:transfer_to_self') : null)],
  ];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.check(rules)) return;
    transfer.mutate(
      { recipientUid: uid.trim(), amount: form.wire, key: form.key },
      { onSuccess: () => redirect('/cashier', 2000), onError: form.refused },
    );
  };

  const done = transfer.data;

  return (
    <Page title={t('transfer.title')} description={t('transfer.metaDescription')}>
      <Link
        to="/cashier"
        className="mb-4 inline-block text-sm font-semibold text-brand-600 underline hover:text-brand-700"
      >
        ← {t('transfer.back')}
      </Link>
      <VerifyEmailNotice me={me} />
      <div className="grid gap-6 md:grid-cols-[1fr_18rem]">
        <Card>
          <form ref={form.ref} onSubmit={submit} noValidate className="flex flex-col gap-4">
            <Field label={t('transfer.uid')} hint={t('transfer.uidHint')} errorRef={form.messageFor('recipientUid')}>
              {(a11y) => (
                <div className="flex flex-col gap-2 sm:flex-row">
                  <TextInput
                    {...a11y}
                    name="recipientUid"
                    autoComplete="off"
                    autoCapitalize="characters"
                    placeholder="ATU123456"
                    value={uid}
                    onChange={(e) => {
                      setUid(e.target.value);
                      check.reset();
                      form.edited();
                    }}
                  />
                  <Button
                    tone="secondary"
                    className="shrink-0"
                    disabled={uid.trim() === '' || check.isPending}
                    onClick={() => check.mutate(uid)}
                  >
                    {check.isPending ? t('transfer.checking') : t('transfer.check')}
                  </Button>
                </div>
              )}
            </Field>
            {check.data && (
              <FormMessage tone="info">
                {/* The UID stands beside the name: two look-alike names never share a UID. */}
                {t('transfer.recipientLabel')} <span data-testid="recipient-name">{check.data.maskedName}</span>{' '}
                <span data-testid="recipient-uid" className="rounded bg-white px-1.5 py-0.5 font-mono font-bold">
                  {check.data.uid}
                </span>
                <span className="mt-1 block text-xs font-normal">{t('transfer.recipientHint')}</span>
              </FormMessage>
            )}
            {check.error && <FormMessage tone="error">{errorMessage(t, check.error)}</FormMessage>}
            <AmountField form={form} label={t('transfer.amount')} example={10_000} />
            {form.problem && (
              <FormMessage id={form.messageId} tone="error">
                {form.problem}
              </FormMessage>
            )}
            {done && (
              <FormMessage tone="success">
                {t('transfer.success', { amount: money(done.amount), name: done.recipient.fullName })}
              </FormMessage>
            )}
            <Button type="submit" disabled={transfer.isPending || Boolean(done)}>
              {transfer.isPending ? t('transfer.sending') : t('transfer.submit')}
            </Button>
          </form>
        </Card>
        <div className="flex flex-col gap-4">
          <Card>
            <Stat label={t('transfer.available')} value={money(balance)} />
            {me && <p className="mt-3 text-xs text-slate-600">{t('transfer.yourUid', { uid: me.uid })}</p>}
          </Card>
          <Notes section="transfer" />
        </div>
      </div>
    </Page>
  );
}
