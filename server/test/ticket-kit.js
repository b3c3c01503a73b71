import { asc, eq, sql } from 'drizzle-orm';
import { beforeEach, expect } from 'vitest';
import { ticketComment, ticketEvent } from '../src/db/schema/index.js';
import { ticketSettingDefaults } from '../src/modules/setting/setting.service.js';
import { call, signIn } from './app.js';
import { buildAgent, defaultPassword, giveDefaultRole } from './factories.js';
import { admin, setUpApp, t } from './kit.js';
export { admin, t };
/**
 * One app per test file, and every test starting from the default ticket settings: on PostgreSQL
 * every test file shares one database, and other files change the ticket settings.
 */
export function setUpTicketTests() {
    setUpApp();
    beforeEach(async () => {
        await call(t.app, 'POST', '/api/admin/settings/ticket.edit', { token: admin, body: ticketSettingDefaults });
    });
}
export const db = () => t.database.db;
/** An agent with the default Agent role (ticket work) plus any overrides, signed in. */
export async function agent(overrides = {}, groupIds = []) {
    const a = await buildAgent(db(), overrides);
    await giveDefaultRole(db(), a.accountId);
    for (const groupId of groupIds) {
        await db().execute(sql `INSERT INTO group_account (group_id, account_id) VALUES (${groupId}, ${a.accountId})`);
    }
    return { ...a, token: await signIn(t.app, a.email, defaultPassword) };
}
export const get = (token, path, query) => call(t.app, 'GET', `/api/admin/${path}`, {
    token,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
});
export const post = (token, path, body) => call(t.app, 'POST', `/api/admin/${path}`, { token, body });
export const edit = (token, body) => post(token, 'ticket.edit', body);
export const settings = (body) => post(admin, 'settings/ticket.edit', body);
/** Runs `fn` with some ticket settings changed, then puts them back. */
export async function withSettings(change, fn) {
    const before = (await get(admin, 'settings/ticket.get', {})).data;
    expect((await settings(change)).code).toBe('0000');
    try {
        await fn();
    }
    finally {
        await settings(before);
    }
}
export const eventsOf = (ticketId) => db().select().from(ticketEvent).where(eq(ticketEvent.ticketId, ticketId)).orderBy(asc(ticketEvent.eventId));
export const commentsOf = (ticketId) => db().select().from(ticketComment).where(eq(ticketComment.ticketId, ticketId)).orderBy(asc(ticketComment.commentId));
//# sourceMappingURL=ticket-kit.js.map