import { Field, TextInput } from './form';

/** The authenticator's code, labelled: re-authentication (an export, a closure) and confirming two-factor. */
export function CodeField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (code: string) => void;
}) {
  return (
    <Field label={label}>
      {(a11y) => (
        <TextInput
          {...a11y}
          autoComplete="one-time-code"
          inputMode="numeric"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
