/**
 * Where a French text puts `:`, `;`, `!` or `?` without a no-break space before it (U+00A0, or the
 * narrow U+202F), each with the words before it. Addresses and times are not prose ("https://…",
 * "14:05") and are left out.
 */
export function frenchSpacingProblems(text: string): string[] {
  const prose = text.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S*/gi, ' ').replace(/\d:\d/g, ' ');
  const problems: string[] = [];
  for (const m of prose.matchAll(/[:;!?]/g)) {
    const before = prose[m.index - 1];
    if (before !== '\u00a0' && before !== '\u202f') problems.push(prose.slice(Math.max(0, m.index - 24), m.index + 1));
  }
  return problems;
}
