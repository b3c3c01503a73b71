import type { FastifyInstance } from 'fastify';
import { type AppDeps } from '../src/app.js';
import { type Database } from '../src/db/client.js';
export interface TestApp {
    app: FastifyInstance;
    database: Database;
    /** This app's DATA_DIR (uploads), removed on close. */
    dataDir: string;
    close(): Promise<void>;
}
/**
 * Opens a migrated database of its own: a copy of the run's PGlite dump, or on PostgreSQL a clone
 * of the run's database (`CREATE DATABASE … TEMPLATE`, a file copy), dropped on close. Test files
 * run in parallel, and some change settings every ticket call reads: each file has its own data.
 */
export declare function openTestDatabase(): Promise<Database>;
/**
 * The test app. Requests come from 127.0.0.1 (inject), and tests pick a client's address with
 * X-Forwarded-For, so loopback is a trusted proxy here unless `deps` says otherwise.
 */
export declare function buildTestApp(options?: {
    webDist?: string;
    deps?: Partial<AppDeps>;
}): Promise<TestApp>;
export interface CallResult<T = unknown> {
    status: number;
    code: string;
    msg: string;
    data: T;
    headers: Record<string, unknown>;
}
/** Calls the API as a client would and reads the envelope. */
export declare function call<T = unknown>(app: FastifyInstance, method: 'GET' | 'POST', url: string, options?: {
    token?: string;
    body?: unknown;
    query?: Record<string, string>;
    lang?: string;
    headers?: Record<string, string>;
}): Promise<CallResult<T>>;
export declare function signIn(app: FastifyInstance, email: string, password: string, stayLogin?: boolean): Promise<string>;
export declare const signInAdmin: (app: FastifyInstance) => Promise<string>;
