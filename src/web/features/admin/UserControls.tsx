import type { UserDetail } from '../../../contracts/backoffice';

/**
 * The place on a user's page for what issue 14 brings: the freeze / unfreeze control and the
 * audit rows that concern this user. It renders nothing until then; the user page already
 * shows it between the profile and the money.
 */
export function UserControls(_props: { user: UserDetail }) {
  return null;
}
