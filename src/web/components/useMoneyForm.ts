import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseLocalizedAmount, toDecimalString } from '../../core/money';
import { newIdempotencyKey } from '../lib/api';
import { errorMessage } from '../lib/errors';
import { currentLanguage } from '../lib/i18n';

/** A check of spec §5: the message to show, or null when the rule holds. */
export type Rule = () => string | null;

/**
 * What the four money forms (invest, deposit, withdraw, transfer) share: the amount as typed and
 * as read in the page's language, the message shown, the idempotency key of the next send (a new
 * one after every edit: an edited form is a new operation, a resent one is the same), the local
 * checks in order, and the server's answer turned into words.
 */
export function useMoneyForm(options: {
  fieldCodes: ReadonlySet<string>;
  failure: (message: string) => string;
  onEdit?: () => void;
}) {
  const { t } = useTranslation(['fields', 'errors']);
  const lang = currentLanguage();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const parsed = parseLocalizedAmount(text, lang);
  const cents = parsed.ok ? parsed.cents : null;

  const edited = () => {
    setProblem(null);
    setKey(newIdempotencyKey());
    options.onEdit?.();
  };

  const amountProblem: Rule = () =>
    parsed.ok ? null : parsed.reason === 'ambiguous' ? t('fields:amount.ambiguous') : t('errors:invalid_amount');

  return {
    lang,
    text,
    cents,
    /** The API's form of the amount: "1250.50", whatever the person typed. */
    wire: cents === null ? '' : toDecimalString(cents),
    key,
    problem,
    setProblem,
    edited,
    amountProblem,
    setText: (next: string) => {
      setText(next);
      edited();
    },
    /** Runs the rules in order and shows the first broken one; true when all hold. */
    check: (rules: Rule[]): boolean => {
      const first = rules.reduce<string | null>((found, rule) => found ?? rule(), null);
      setProblem(first);
      return first === null;
    },
    /** A refusal of the server: the field's own message for its codes, otherwise the screen's failure sentence. */
    describe: (err: unknown): string | null => {
      if (!err) return null;
      const message = errorMessage(t, err);
      return options.fieldCodes.has((err as { code?: string }).code ?? '') ? message : options.failure(message);
    },
  };
}

export type MoneyForm = ReturnType<typeof useMoneyForm>;
