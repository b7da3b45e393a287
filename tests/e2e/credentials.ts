/** The administrator the e2e server is started with (ADMIN_ID / ADMIN_PASSWORD). */
export const E2E_ADMIN = { id: "admin", password: "e2e-admin-password-1" };
