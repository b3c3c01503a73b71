import { type TestApp } from './app.js';
/** The app of the current test file and its admin's token (vitest loads this module once per file). */
export declare let t: TestApp;
export declare let admin: string;
/** One app per test file, closed after it; the seeded admin signed in unless `admin: false`. */
export declare function setUpApp(options?: {
    admin?: boolean;
}): void;
