import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTypedDate, parseTypedDate, reversedRange } from '../../core/dates';
import { currentLanguage } from '../lib/i18n';
import { Field, TextInput } from './form';

/**
 * A date typed in the page's language order (jj/mm/aaaa, mm/dd/yyyy, dd/mm/aaaa), not the
 * browser's: a plain labelled text field with the pattern as placeholder and hint, which every
 * keyboard and screen reader handles. `onChange` receives the ISO day when the text reads as
 * one, "" when empty, otherwise the text itself (which no ISO check accepts).
 */
/** What the field reports for a text: the ISO day, "" when empty, else the text. */
function reported(text: string, lang: ReturnType<typeof currentLanguage>): string {
  return text.trim() === '' ? '' : (parseTypedDate(text, lang) ?? text);
}

export function DateField({
  label,
  name,
  value,
  onChange,
  error,
  autoComplete,
  notBefore,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoComplete?: string;
  /** The first day (ISO) of the range this field ends: an earlier day is refused here. */
  notBefore?: string;
}) {
  const { t } = useTranslation('fields');
  const lang = currentLanguage();
  const [text, setText] = useState(() => formatTypedDate(value, lang) || value);
  const [left, setLeft] = useState(false);
  // A value set from outside (a reset, a change of language) replaces the text.
  useEffect(() => {
    setText((current) => (reported(current, lang) === value ? current : formatTypedDate(value, lang) || value));
  }, [value, lang]);
  const unreadable = left && text.trim() !== '' && parseTypedDate(text, lang) === null;
  const early = reversedRange(notBefore, value);
  return (
    <Field
      label={label}
      error={error ?? (early ? t('date.beforeFrom') : unreadable ? t('date.invalid') : null)}
      // Found on leaving the field (the focus is already elsewhere) or by the other field: said aloud, not only shown.
      announce={!error && (unreadable || early)}
      hint={t('date.hint')}
    >
      {(a11y) => (
        <TextInput
          {...a11y}
          name={name}
          inputMode="numeric"
          autoComplete={autoComplete ?? 'off'}
          placeholder={t('date.pattern')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setLeft(false);
            onChange(reported(e.target.value, lang));
          }}
          onBlur={() => setLeft(true)}
        />
      )}
    </Field>
  );
}
