import fs from 'node:fs';
import path from 'node:path';
import { homeOps, ticketOps } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/app.js';
import { buildAgent, buildTicket, defaultPassword, giveDefaultRole } from '../../../test/factories.js';
import { multipart, png } from '../../../test/images.js';
import { api, setUpApp, t } from '../../../test/kit.js';
import { queryRows } from '../../db/rows.js';
import { ticketAttachment } from '../../db/schema/index.js';

setUpApp({ ticketDefaults: true });

/** A multipart upload to `url`: no operation (operations take JSON). */
async function upload(url: string, token?: string) {
  const body = multipart(png(20, 20), 'shot.png', 'image/png');
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: token } : {}) },
  });
  return (res.json() as { data: { file_id: string } }).data.file_id;
}
const stored = (fileId: string) => fs.existsSync(path.join(t.dataDir, 'files', 'attachments', `${fileId}.bin`));
const rowOf = async (fileId: string) =>
  (await t.database.db.select().from(ticketAttachment).where(eq(ticketAttachment.fileId, fileId)))[0];

describe('uploads waiting for a ticket', () => {
  it('an anonymous upload no ticket takes is removed a day later through the job queue; a taken one stays', async () => {
    const left = await upload('/api/home/upload');
    const taken = await upload('/api/home/upload');
    const res = await api(
      homeOps.ticketAdd,
      { email: 'uploader@example.com', real_name: 'U', subject: 'S', description: 'D', file_ids: [taken] },
      null,
    );
    expect(res.code).toBe('0000');
    const jobs = await queryRows<{ file_id: string; wait_s: number }>(
      t.database.db,
      sql`SELECT data->>'file_id' AS file_id, extract(epoch FROM start_after - created_on)::int AS wait_s
          FROM pgboss.job WHERE data->>'file_id' IN (${left}, ${taken}) ORDER BY 1`,
    );
    expect(jobs.map((j) => j.file_id).sort()).toEqual([left, taken].sort());
    expect(jobs.every((j) => j.wait_s >= 24 * 3600 - 5)).toBe(true);
    // A day passes.
    await t.database.db.execute(
      sql`UPDATE pgboss.job SET start_after = now() WHERE data->>'file_id' IN (${left}, ${taken})`,
    );
    await t.app.parley.jobs.drain();
    expect(await rowOf(left)).toBeUndefined();
    expect(stored(left)).toBe(false);
    expect((await rowOf(taken))?.commentId).not.toBeNull();
    expect(stored(taken)).toBe(true);
  });

  it("an agent cannot attach another account's pending upload, nor an anonymous one; its own it can", async () => {
    const maker = await buildAgent(t.database.db);
    await giveDefaultRole(t.database.db, maker.accountId);
    const makerToken = await signIn(t.app, maker.email, defaultPassword);
    const mine = await upload('/api/admin/ticket.upload', makerToken);
    const anonymous = await upload('/api/home/upload');
    const { ticketId } = await buildTicket(t.database.db);
    for (const fileId of [mine, anonymous]) {
      const res = await api(ticketOps.edit, { ticket_id: ticketId, comment: { body: 'mine now', file_ids: [fileId] } });
      expect(res.code).toBe('FFFF');
      expect(Object.keys(res.fields)).toEqual(['file_ids']);
    }
    expect((await rowOf(mine))?.commentId).toBeNull();
    const own = await api(
      ticketOps.edit,
      { ticket_id: ticketId, comment: { body: 'with my file', file_ids: [mine] } },
      makerToken,
    );
    expect(own.code).toBe('0000');
    expect((await rowOf(mine))?.ticketId).toBe(ticketId);
  });
});
