/** The first approver as the queues read them: their id, and their profile's name and address. */
export interface FirstApproverRow {
  first_approved_by: string | null;
  first_approver_name: string | null;
  first_approver_email?: string | null;
}

/**
 * Who gave a first approval, as an operator reads it: their name and their e-mail address, so two
 * operators of one name are still told apart (issue 46, item 5). An account without a profile
 * shows its id.
 */
export function operatorNamed(r: FirstApproverRow): { name: string; email: string } {
  return { name: r.first_approver_name ?? r.first_approved_by ?? '', email: r.first_approver_email ?? '' };
}
