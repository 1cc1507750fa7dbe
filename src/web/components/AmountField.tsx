import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmountInput } from '../../core/money';
import { money } from '../lib/format';
import { Field, TextInput } from './form';
import type { MoneyForm } from './useMoneyForm';

/**
 * The amount of a money form, typed as the page's language writes it ("1 250,50" in French), with
 * an example in that language and, once it reads, the amount that will be sent in dollars.
 */
export function AmountField({
  form,
  label,
  example,
  hint,
  error,
}: {
  form: MoneyForm;
  label: string;
  example: number;
  hint?: ReactNode;
  error?: string | null;
}) {
  const { t } = useTranslation('fields');
  return (
    <Field
      label={label}
      error={error}
      errorRef={form.messageFor('amount')}
      hint={
        <>
          {t('amount.example', { example: formatAmountInput(125_050, form.lang) })}
          {hint && <> — {hint}</>}
        </>
      }
    >
      {(a11y) => (
        <>
          <TextInput
            {...a11y}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder={formatAmountInput(example, form.lang)}
            value={form.text}
            onChange={(e) => form.setText(e.target.value)}
          />
          <p className="min-h-5 text-sm font-medium text-brand-900" aria-live="polite" data-testid="amount-preview">
            {form.cents !== null && t('amount.willSend', { amount: money(form.cents) })}
          </p>
        </>
      )}
    </Field>
  );
}
