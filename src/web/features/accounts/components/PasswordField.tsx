import type { ReactNode } from 'react';
import { Field } from '../../../components/form';
import type { FormProblemState } from '../../../components/useFormProblem';
import { PasswordInput } from './PasswordInput';

/** A password of a form that names its problems by field (`useFormProblem`): marked and described when one is about it. */
export function PasswordField<F extends string>({
  form,
  name,
  label,
  hint,
  autoComplete,
  value,
  onChange,
}: {
  form: FormProblemState<F>;
  name: F;
  label: string;
  hint?: ReactNode;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} hint={hint} errorRef={form.errorRef(name)}>
      {(a11y) => (
        <PasswordInput
          {...a11y}
          name={name}
          autoComplete={autoComplete}
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
            form.edited(name);
          }}
        />
      )}
    </Field>
  );
}
