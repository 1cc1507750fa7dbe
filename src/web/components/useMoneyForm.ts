import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseLocalizedAmount, toDecimalString } from '../../core/money';
import { newIdempotencyKey } from '../lib/api';
import { errorMessage } from '../lib/errors';
import { currentLanguage } from '../lib/i18n';
import { useFormProblem, type FormProblem } from './useFormProblem';

/** A check of spec §5: the message to show, or null when the rule holds. */
export type Rule = () => string | null;

/** A rule and the field it is about (the `name` of its input; null: the form as a whole). */
export type FieldRule = [field: string | null, rule: Rule];

/**
 * What the four money forms (invest, deposit, withdraw, transfer) share: the amount as typed and
 * as read in the page's language, the message shown, the idempotency key of the next send (a new
 * one after every edit: an edited form is a new operation, a resent one is the same), the local
 * checks in order, and the server's answer turned into words.
 * A problem with one field marks that field, ties it to the message and takes the focus there
 * (`useFormProblem`).
 */
export function useMoneyForm(options: {
  /** The server's codes that get their own message (not the screen's failure sentence), and the field each is about. */
  fieldCodes: Readonly<Record<string, string | null>>;
  failure: (message: string) => string;
  onEdit?: () => void;
}) {
  const { t } = useTranslation(['fields', 'errors']);
  const lang = currentLanguage();
  const { ref, messageId, problem, show, errorRef } = useFormProblem<string>();
  const [text, setText] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const parsed = parseLocalizedAmount(text, lang);
  const cents = parsed.ok ? parsed.cents : null;

  const edited = () => {
    show(null);
    setKey(newIdempotencyKey());
    options.onEdit?.();
  };

  const amountProblem: Rule = () =>
    parsed.ok ? null : parsed.reason === 'ambiguous' ? t('fields:amount.ambiguous') : t('errors:invalid_amount');

  /** A refusal of the server: the field's own message for its codes, otherwise the screen's failure sentence. */
  const describe = (err: unknown): FormProblem<string> | null => {
    if (!err) return null;
    const message = errorMessage(t, err);
    const code = (err as { code?: string }).code ?? '';
    return Object.hasOwn(options.fieldCodes, code)
      ? { field: options.fieldCodes[code] ?? null, message }
      : { field: null, message: options.failure(message) };
  };

  return {
    lang,
    text,
    cents,
    /** The API's form of the amount: "1250.50", whatever the person typed. */
    wire: cents === null ? '' : toDecimalString(cents),
    key,
    /** The form element's ref: the field at fault is found (and focused) in it by its `name`. */
    ref,
    /** The message shown, where the screen shows it (give that element `messageId`). */
    problem: problem?.message ?? null,
    messageId,
    /** The id of the message when it is about `field` (for its `aria-describedby`), otherwise undefined. */
    messageFor: errorRef,
    edited,
    amountProblem,
    setText: (next: string) => {
      setText(next);
      edited();
    },
    /** Runs the rules in order and shows the first broken one; true when all hold. */
    check: (rules: FieldRule[]): boolean => {
      for (const [field, rule] of rules) {
        const message = rule();
        if (message !== null) {
          show({ field, message });
          return false;
        }
      }
      show(null);
      return true;
    },
    /** Shows the server's refusal of the last send (e.g. as a mutation's `onError`). */
    refused: (err: unknown) => show(describe(err)),
    /** The server's refusal in words, for a screen that shows it apart from the local checks. */
    describe: (err: unknown): string | null => describe(err)?.message ?? null,
  };
}

export type MoneyForm = ReturnType<typeof useMoneyForm>;
