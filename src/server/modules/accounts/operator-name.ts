/** An operator's name as their colleagues read it on every decision (issue 46, item 5). */
export interface OperatorName {
  firstName: string;
  lastName: string;
  fullName: string;
}

/**
 * "Claire Martin" → first name "Claire", last name "Martin"; the first word is the first name.
 * Null when the text is not a name: empty, a single letter, over 100 characters or with control characters.
 */
export function operatorName(raw: string | undefined): OperatorName | null {
  const fullName = (raw ?? '').trim().replace(/\s+/g, ' ');
  // eslint-disable-next-line no-control-regex
  if (fullName.length < 2 || fullName.length > 100 || /[\u0000-\u001f\u007f]/.test(fullName)) return null;
  const [firstName, ...rest] = fullName.split(' ');
  return { firstName: firstName!, lastName: rest.join(' '), fullName };
}
