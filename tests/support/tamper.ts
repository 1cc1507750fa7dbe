/**
 * The same string with its first character replaced by a different one of the base64url alphabet.
 * A tampering test must always tamper: replacing with a fixed character is a no-op whenever the
 * input already starts with it (one run in 64 for a base64url signature).
 */
export function tamper(value: string): string {
  if (value.length === 0) throw new Error('nothing to tamper with');
  return (value[0] === 'A' ? 'B' : 'A') + value.slice(1);
}
