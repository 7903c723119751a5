/**
 * After 'Delete my account' the member lands on sign-in; the navigation state carries the
 * news so the page can say it worked (issue 20: before, nothing told them).
 */
export const ACCOUNT_DELETED_STATE = { accountDeleted: true } as const;

export const ACCOUNT_DELETED_TEXT =
  'Your account has been deleted, with everything in it. A confirmation is on its way to your email.';

export function isAccountDeleted(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { accountDeleted?: unknown }).accountDeleted === true
  );
}
