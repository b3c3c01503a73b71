import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { migrate, migrationsDir } from '../../db/migrate.js';
import { queryRows } from '../../db/rows.js';

const reasonMigration = '0056_inbox_reason_code.sql';

describe('inbox log reasons written before their codes', () => {
  it('get the code and detail their words meant, so the web says them in any language', async () => {
    // The migrations up to the one that adds the codes, then entries as the server wrote them.
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-migrations-'));
    for (const file of fs.readdirSync(migrationsDir).filter((f) => f.endsWith('.sql') && f < reasonMigration)) {
      fs.copyFileSync(path.join(migrationsDir, file), path.join(before, file));
    }
    const database = await openDatabase({});
    await migrate(database, before);
    const old: Array<[string, string]> = [
      ['bounce', 'delivery status report'],
      ['bounce', 'gone@example.com, lost@example.com'],
      ['bounce', 'from mailer-daemon@example.com'],
      ['auto_reply', 'Auto-Submitted: auto-replied'],
      ['auto_reply', 'x-autoreply'],
      ['auto_reply', 'x-auto-response-suppress with an out-of-office subject'],
      ['auto_reply', 'Precedence: bulk'],
      ['auto_reply', 'mailing list'],
      ['ignored', 'sent by our own mailbox'],
      ['banned', 'sender is on the banned list'],
      ['unparseable', 'no sender address'],
      ['unparseable', 'could not be stored: connection terminated'],
      ['unparseable', 'no headers: not a mail'],
    ];
    for (const [i, [outcome, reason]] of old.entries()) {
      await database.db.execute(
        sql`INSERT INTO mail_inbox_log (message_key, outcome, reason, create_ts) VALUES (${`<m${i}@x>`}, ${outcome}, ${reason}, ${i})`,
      );
    }
    // This migration first, then any added since.
    expect((await migrate(database))[0]).toBe(reasonMigration);
    const rows = await queryRows<{ reason: string; reason_code: string; reason_detail: string }>(
      database.db,
      sql`SELECT reason, reason_code, reason_detail FROM mail_inbox_log ORDER BY create_ts`,
    );
    expect(rows.map((r) => [r.reason_code, r.reason_detail])).toEqual([
      ['delivery_report', ''],
      ['undeliverable', 'gone@example.com, lost@example.com'],
      ['from_daemon', 'mailer-daemon@example.com'],
      ['auto_submitted', 'auto-replied'],
      ['autoreply_header', 'x-autoreply'],
      ['out_of_office', ''],
      ['precedence', 'bulk'],
      ['mailing_list', ''],
      ['own_mailbox', ''],
      ['banned', ''],
      ['no_sender', ''],
      ['not_stored', 'connection terminated'],
      ['unreadable', 'no headers: not a mail'],
    ]);
    // The words stay as they were.
    expect(rows.map((r) => r.reason)).toEqual(old.map(([, reason]) => reason));
    await database.close();
    fs.rmSync(before, { recursive: true, force: true });
  }, 60_000);
});
