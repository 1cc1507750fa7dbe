import { useId, useRef, useState } from 'react';

/** What a form shows as wrong, and the field it is about (the `name` of its input; null: the form as a whole). */
export type FormProblem<F extends string> = { field: F | null; message: string };

/**
 * The problem a form shows. The field it is about is marked invalid, tied to the message and given
 * the focus, so that a keyboard or screen-reader user lands where the fix is. Give the form `ref`,
 * the message element `messageId` (when it stands apart from the field) and each field's `Field`
 * its `errorRef`.
 */
export function useFormProblem<F extends string>() {
  const ref = useRef<HTMLFormElement>(null);
  const messageId = useId();
  const [problem, setProblem] = useState<FormProblem<F> | null>(null);
  return {
    ref,
    messageId,
    problem,
    show: (next: FormProblem<F> | null) => {
      setProblem(next);
      const field = next?.field;
      if (field) requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus());
    },
    /** The message's id when it is about `field` (for its `aria-describedby`), otherwise undefined. */
    errorRef: (field: F): string | undefined => (problem?.field === field ? messageId : undefined),
    /** The message when it is about `field`, for a form that shows it under the field. */
    errorOf: (field: F): string | null => (problem?.field === field ? problem.message : null),
    /** The person changed `field`: a problem about it is gone. */
    edited: (field: F) => {
      if (problem?.field === field) setProblem(null);
    },
  };
}

export type FormProblemState<F extends string> = ReturnType<typeof useFormProblem<F>>;
