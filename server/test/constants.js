/** The admin that the test database is seeded with, like a first start with ADMIN_EMAIL/ADMIN_PASSWORD. */
export const testAdmin = { email: 'admin@example.com', password: 'admin-pass-1' };
//# sourceMappingURL=constants.js.map