/** The operators' search key of a text: lower case, accents and other combining marks removed, spaces collapsed. */
export function searchKey(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Every term a user can be found by (prefix search): UID, e-mail, username, full name and last name. */
export function searchTerms(u: {
  uid: string;
  email: string;
  username: string;
  fullName: string;
  lastName: string;
}): string[] {
  const terms = [u.uid, u.email, u.username, u.fullName, u.lastName]
    .map((t) => searchKey(t).slice(0, 200))
    .filter((t) => t.length > 0);
  return [...new Set(terms)];
}
