/** The e-mail ADMIN_EMAILS names in the browser tests' server (global-setup.ts): the admin who reviews teaching applications. */
export const E2E_ADMIN_EMAIL = 'review-admin@example.com';
