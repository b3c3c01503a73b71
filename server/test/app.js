import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { testAdmin } from './constants.js';
/**
 * Opens a migrated database of its own: a copy of the run's PGlite dump, or on PostgreSQL a clone
 * of the run's database (`CREATE DATABASE … TEMPLATE`, a file copy), dropped on close. Test files
 * run in parallel, and some change settings every ticket call reads: each file has its own data.
 */
export async function openTestDatabase() {
    const url = inject('databaseUrl');
    if (url) {
        const template = new URL(url);
        const name = `${template.pathname.slice(1)}_f${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
        await onServer(url, `CREATE DATABASE ${name} TEMPLATE ${template.pathname.slice(1)}`);
        // A test's commits need not wait for the disk: nothing here outlives a crash of the server.
        await onServer(url, `ALTER DATABASE ${name} SET synchronous_commit = off`);
        const own = new URL(url);
        own.pathname = `/${name}`;
        const database = await openDatabase({ databaseUrl: own.toString(), poolSize: 4 });
        const close = database.close.bind(database);
        database.close = async () => {
            await close();
            await onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        };
        return database;
    }
    const dump = fs.readFileSync(inject('pgliteDump'));
    return openDatabase({ pgliteLoad: new Blob([dump]) });
}
/** Runs a statement on the server of `url` (through its `postgres` database), retrying while the template is busy. */
async function onServer(url, statement) {
    const admin = new URL(url);
    admin.pathname = '/postgres';
    for (let attempt = 1;; attempt++) {
        const client = new pg.Client({ connectionString: admin.toString() });
        try {
            await client.connect();
            await client.query(statement);
            return;
        }
        catch (error) {
            // 55006: the template is being accessed (another file cloning it at the same moment).
            if (attempt >= 20 || error.code !== '55006') {
                throw error;
            }
            await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
        }
        finally {
            await client.end().catch(() => undefined);
        }
    }
}
/**
 * The test app. Requests come from 127.0.0.1 (inject), and tests pick a client's address with
 * X-Forwarded-For, so loopback is a trusted proxy here unless `deps` says otherwise.
 */
export async function buildTestApp(options = {}) {
    const database = await openTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-data-'));
    const app = await buildApp({
        database,
        webDist: options.webDist ?? '/nonexistent-web-dist',
        dataDir,
        ...(process.env.TEST_LOG_LEVEL ? { logLevel: process.env.TEST_LOG_LEVEL } : {}),
        jobPrefix: `t${process.pid}_${Math.random().toString(36).slice(2, 8)}_`,
        trustedProxies: ['loopback'],
        ...options.deps,
    });
    await app.ready();
    return {
        app,
        database,
        dataDir,
        close: async () => {
            await app.close();
            await database.close();
            fs.rmSync(dataDir, { recursive: true, force: true });
        },
    };
}
/** Calls the API as a client would and reads the envelope. */
export async function call(app, method, url, options = {}) {
    const request = {
        method,
        url,
        headers: {
            ...(options.token ? { authorization: options.token } : {}),
            ...(options.lang ? { language: options.lang } : {}),
            ...options.headers,
        },
        ...(options.query ? { query: options.query } : {}),
        ...(options.body !== undefined ? { payload: options.body } : {}),
    };
    const res = await app.inject(request);
    const json = res.json();
    return { status: res.statusCode, code: json.code, msg: json.msg, data: json.data, headers: res.headers };
}
export async function signIn(app, email, password, stayLogin = false) {
    const res = await call(app, 'POST', '/api/admin/auth.login', {
        body: { email, password, stay_login: stayLogin },
    });
    if (res.code !== '0000') {
        throw new Error(`sign-in of ${email} failed: ${res.code} ${res.msg}`);
    }
    return res.data.token;
}
export const signInAdmin = (app) => signIn(app, testAdmin.email, testAdmin.password);
//# sourceMappingURL=app.js.map