import type { ConversationSummary } from '../../../contracts/support';

/**
 * A text naming a conversation's reference, with the reference kept on one line: "SUP-7KQ4-M2XD"
 * must never break at a hyphen, it is read out and typed back.
 */
export function WithReference({ text, reference }: { text: string; reference: string }) {
  const parts = text.split(reference);
  return (
    <>
      {parts.map((part, i) => (
        <span key={i}>
          {part}
          {i < parts.length - 1 && (
            <span className="whitespace-nowrap [word-break:keep-all]" data-testid="support-reference-code">
              {reference}
            </span>
          )}
        </span>
      ))}
    </>
  );
}

/** The state as the investor reads it: once an advisor has it, it no longer "waits for an advisor". */
export function stateKey(c: Pick<ConversationSummary, 'state' | 'withAdvisor'>): string {
  return `support.states.${c.state === 'waiting' && c.withAdvisor ? 'withAdvisor' : c.state}`;
}
