import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, signInAdmin } from './app.js';
/** The app of the current test file and its admin's token (vitest loads this module once per file). */
export let t;
export let admin;
/** One app per test file, closed after it; the seeded admin signed in unless `admin: false`. */
export function setUpApp(options = {}) {
    beforeAll(async () => {
        t = await buildTestApp();
        if (options.admin !== false) {
            admin = await signInAdmin(t.app);
        }
    });
    afterAll(() => t.close());
}
//# sourceMappingURL=kit.js.map