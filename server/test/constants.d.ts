/** The admin that the test database is seeded with, like a first start with ADMIN_EMAIL/ADMIN_PASSWORD. */
export declare const testAdmin: {
    email: string;
    password: string;
};
