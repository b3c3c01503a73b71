/**
 * Loads a realistic help desk for benchmarks and demos, set-based (INSERT ... SELECT over
 * generate_series), so that a million tickets and five million comments take minutes, not hours.
 *
 *   npm run seed -w server -- --tickets 1000000 --comments 5000000
 *       PostgreSQL: DATABASE_URL, default postgres://postgres@127.0.0.1:5432/parley_bench
 *       (the default database is dropped and made anew; any other must hold no tickets yet).
 *   npm run seed -w server -- --tickets 100000 --data-dir ./data-bench
 *       PGlite, in <data-dir>/pglite (made anew), as `DATA_DIR=<data-dir> npm start` reads it.
 *
 * What it makes: 50 agents in 10 groups, 500 organizations with domains, one end user per five
 * tickets, tickets over two years (older ones mostly solved or closed, about a tenth unsolved),
 * English and Chinese subjects and comments (with order numbers: rare words to search), tags,
 * priorities, satisfaction ratings, and each ticket's history in the event log (assignment, state
 * changes with pending spells and reopens, each comment, the survey; seed-history.ts), with the
 * report tables built from it. The search words are the server's own: its tokenizer over subjects and
 * comments, and each requester's name and email (search-index.ts). Admin: admin@example.com / bench-admin-1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { bootstrap } from '../src/modules/bootstrap/bootstrap.service.js';
import { requesterWords } from '../src/modules/ticket-search/search-index.js';
import { documentTokens, textArrayLiteral } from '../src/modules/ticket-search/tokenize.js';
import { seedHistories, seedReports } from './seed-history.js';

export const benchAdmin = { email: 'admin@example.com', password: 'bench-admin-1' };
export const defaultBenchUrl = 'postgres://postgres@127.0.0.1:5432/parley_bench';

export const subjectsEn = [
  'Cannot log in to my account',
  'Password reset email never arrives',
  'Refund for a cancelled order',
  'Invoice is missing from my account',
  'Payment failed with my credit card',
  'The mobile app crashes on start',
  'How do I change my shipping address',
  'Order arrived damaged',
  'Wrong item delivered',
  'Subscription renewed without notice',
  'Export to CSV does not work',
  'Two factor authentication code rejected',
  'Page is very slow to load',
  'Cannot upload attachments larger than 5 MB',
  'Question about enterprise pricing',
  'Printer driver installation fails',
  'Account locked after too many attempts',
  'Delivery is late by two weeks',
  'Discount code is not applied at checkout',
  'Feature request: dark mode',
  'Error 500 when saving settings',
  'Email notifications stopped',
  'Please delete my personal data',
  'Integration with Slack is broken',
  'VPN connection drops every hour',
];
export const subjectsZh = [
  '无法登录账户',
  '密码重置邮件收不到',
  '申请退款',
  '发票丢失，请重新开具',
  '信用卡支付失败',
  '手机应用启动后闪退',
  '如何修改收货地址',
  '收到的商品有破损',
  '发错货了',
  '订阅自动续费没有提醒',
  '导出报表失败',
  '验证码一直提示错误',
  '页面加载很慢',
  '附件上传失败',
  '咨询企业版价格',
  '打印机驱动安装失败',
  '账户被锁定',
  '物流延迟两周',
  '优惠券无法使用',
  '希望增加深色模式',
];
export const sentencesEn = [
  'I have been trying to sign in since this morning and it keeps failing.',
  'The error message says that my session has expired.',
  'Could you please check what is wrong with my account?',
  'I already cleared the browser cache and cookies.',
  'This is really urgent because our team cannot work.',
  'Thank you for the quick reply, that solved the problem.',
  'I attached a screenshot of the error.',
  'We are using the latest version of the app on Android.',
  'The payment was taken twice from my card.',
  'Please send the invoice to our accounting department.',
  'The package tracking number does not work on the carrier website.',
  'Can you refund the difference to my original payment method?',
  'I restarted the computer but the printer is still offline.',
  'Our administrator changed the password policy last week.',
  'Is there a way to export all tickets to a spreadsheet?',
  'The discount should have been applied automatically.',
  'Hello, thanks for contacting support.',
  'We have forwarded your request to the billing team.',
  'Could you tell us which browser and operating system you use?',
  'I have reset your password, please try again now.',
  'Your refund has been processed and should arrive in five days.',
  'We are sorry for the inconvenience caused by the delay.',
  'The issue was caused by a bug that we fixed in version 4.2.',
  'Please let us know if there is anything else we can help with.',
  'I am closing this ticket since we have not heard back from you.',
  'The replacement item was shipped today by express delivery.',
  'Our engineers are investigating the outage right now.',
  'The VPN client logs show a certificate error.',
  'Kindly confirm the order number so we can look it up.',
  'Two factor authentication codes expire after thirty seconds.',
];
export const sentencesZh = [
  '从今天早上开始一直无法登录系统。',
  '错误提示说会话已过期，请重新登录。',
  '麻烦帮我查一下账户出了什么问题。',
  '我已经清除了浏览器缓存，还是不行。',
  '这个问题很紧急，团队都没法工作了。',
  '谢谢你们的快速回复，问题已经解决了。',
  '附件是报错的截图。',
  '我们用的是最新版本的安卓应用。',
  '信用卡被扣了两次款。',
  '请把发票寄给我们的财务部门。',
  '快递单号在物流网站上查不到。',
  '能否把差价退回原支付方式？',
  '电脑重启之后打印机还是显示离线。',
  '您好，感谢您联系客服。',
  '我们已将您的请求转给账务团队处理。',
  '请问您使用的是哪个浏览器和操作系统？',
  '已为您重置密码，请再试一次。',
  '退款已经处理，预计五个工作日内到账。',
  '对于延迟给您带来的不便，我们深表歉意。',
  '该问题是程序缺陷导致的，已在新版本修复。',
  '如还有其他问题，欢迎随时联系我们。',
  '补发的商品今天已经通过快递寄出。',
  '工程师正在排查故障原因。',
  '请提供订单号以便我们查询。',
  '验证码三十秒后失效，请尽快输入。',
];
const tags = [
  'billing',
  'refund',
  'login',
  'password',
  'mobile',
  'android',
  'ios',
  'shipping',
  'invoice',
  'vip',
  'bug',
  'feature_request',
  'enterprise',
  'printer',
  'vpn',
  'security',
  'gdpr',
  'slow',
  'outage',
  'coupon',
  '退款',
  '发票',
  '物流',
  '登录',
];

function parseOptions() {
  const { values } = parseArgs({
    options: {
      tickets: { type: 'string', default: '1000' },
      comments: { type: 'string' },
      'data-dir': { type: 'string' },
    },
    allowPositionals: false,
  });
  const tickets = Number(values.tickets);
  const comments = values.comments ? Number(values.comments) : tickets * 5;
  if (!Number.isInteger(tickets) || tickets < 1 || !Number.isInteger(comments) || comments < tickets) {
    throw new Error('--tickets must be a positive integer and --comments at least as many');
  }
  return { tickets, comments, dataDir: values['data-dir'] };
}

async function recreateDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
}

/** Progress goes to stdout (this is a command-line tool). */
const say = (text: string) => process.stdout.write(`${text}\n`);

export async function openSeedTarget(dataDir: string | undefined): Promise<{ database: Database; where: string }> {
  if (dataDir) {
    const dir = path.join(path.resolve(dataDir), 'pglite');
    fs.rmSync(dir, { recursive: true, force: true });
    return { database: await openDatabase({ pgliteDir: dir }), where: `PGlite in ${dir}` };
  }
  const url = process.env.DATABASE_URL ?? defaultBenchUrl;
  if (url === defaultBenchUrl) {
    await recreateDatabase(url);
  }
  return { database: await openDatabase({ databaseUrl: url, poolSize: 2 }), where: url.replace(/:[^:@/]*@/, ':***@') };
}

async function main() {
  const options = parseOptions();
  const { database, where } = await openSeedTarget(options.dataDir);
  say(`Seeding ${options.tickets} tickets and ${options.comments} comments into ${where}`);
  await migrate(database);
  await bootstrap(database.db, benchAdmin);
  await seedHelpDesk(database, options, say);
  await database.close();
}

/**
 * Fills a migrated database without tickets (tests seed their own). `say` hears the progress.
 * The search words are the product's: its tokenizer over the subjects and comments, and the
 * requester's name and email as every ticket write and the reindex add them (search-index.ts).
 */
export async function seedHelpDesk(
  database: Database,
  options: { tickets: number; comments: number },
  say: (text: string) => void,
): Promise<void> {
  const start = Date.now();
  const log = (from: number, what: string) => say(`${((Date.now() - from) / 1000).toFixed(1).padStart(7)} s  ${what}`);
  await database.withConnection(async (query) => {
    const one = async (text: string) => query(text);
    const existing = await one('SELECT count(*)::int AS n FROM ticket');
    if (Number(existing[0]?.n) > 0) {
      throw new Error('The database already holds tickets; seed an empty one.');
    }
    const N = options.tickets;
    const M = options.comments;
    const now = Date.now();
    const span = 2 * 365 * 24 * 3600 * 1000;
    const endUsers = Math.max(10, Math.floor(N / 5));
    log(start, 'migrated');

    // People: 50 agents in 10 groups, 500 organizations, the end users.
    await one(`
      INSERT INTO agent_group (group_name, create_ts, update_ts)
      SELECT 'Team ' || g, ${now}, ${now} FROM generate_series(1, 10) g;
      INSERT INTO account (email, real_name, user_type, password_hash, create_ts, update_ts)
      SELECT 'agent' || g || '@helpdesk.example', 'Agent ' || g, 'agent', NULL, ${now}, ${now} FROM generate_series(1, 50) g;
      INSERT INTO group_account (group_id, account_id)
      SELECT (SELECT min(group_id) FROM agent_group WHERE NOT is_default) + (a.n - 1) % 10, a.account_id
      FROM (SELECT account_id, row_number() OVER (ORDER BY account_id) AS n FROM account WHERE email LIKE 'agent%@helpdesk.example') a;
      INSERT INTO account_role (account_id, role_id)
      SELECT account_id, (SELECT role_id FROM role WHERE is_default LIMIT 1) FROM account WHERE email LIKE 'agent%@helpdesk.example';
      INSERT INTO company (company_name, company_domains, create_ts, update_ts)
      SELECT 'Company ' || g, ARRAY['company' || g || '.example'], ${now}, ${now} FROM generate_series(1, 500) g;
      INSERT INTO account (email, real_name, user_type, company_id, create_ts, update_ts)
      SELECT 'customer' || g || '@' || CASE WHEN g % 3 = 0 THEN 'mail.example' ELSE 'company' || (1 + g % 500) || '.example' END,
        CASE WHEN g % 4 = 0 THEN '客户' || g ELSE 'Customer ' || g END, 'end_user',
        CASE WHEN g % 3 = 0 THEN NULL ELSE (SELECT min(company_id) FROM company) + g % 500 END, ${now}, ${now}
      FROM generate_series(1, ${endUsers}) g;
    `);
    log(start, `people: 50 agents, 10 groups, 500 organizations, ${endUsers} end users`);

    // Each requester's words (name and email), as the server adds them to every ticket of theirs.
    await one(`CREATE UNLOGGED TABLE seed_requester_vec (account_id int PRIMARY KEY, vec tsvector)`);
    const people = await one(`SELECT account_id, real_name, email FROM account WHERE user_type = 'end_user'`);
    for (let i = 0; i < people.length; i += 5000) {
      const values = people.slice(i, i + 5000).map((p) => {
        const words = textArrayLiteral(requesterWords(String(p.real_name), String(p.email)));
        return `(${Number(p.account_id)}, '${words.replaceAll("'", "''")}'::text[])`;
      });
      await one(`INSERT INTO seed_requester_vec (account_id, vec)
        SELECT id, array_to_tsvector(words) FROM (VALUES ${values.join(',')}) AS v(id, words)`);
    }
    log(start, 'search words of the requesters');

    // Texts with their search tokens, made by the server's tokenizer.
    await one(`CREATE UNLOGGED TABLE seed_text (kind text, idx int, body text, tokens text[], vec tsvector)`);
    const rows: string[] = [];
    const addText = (kind: string, list: string[]) =>
      list.forEach((body, i) => {
        const tokens = textArrayLiteral(documentTokens(body));
        rows.push(`('${kind}', ${i}, '${body.replaceAll("'", "''")}', '${tokens.replaceAll("'", "''")}')`);
      });
    addText('subject', [...subjectsEn, ...subjectsZh]);
    addText('sentence', [...sentencesEn, ...sentencesZh]);
    await one(`INSERT INTO seed_text (kind, idx, body, tokens) VALUES ${rows.join(',')};
      UPDATE seed_text SET vec = array_to_tsvector(tokens);
      CREATE INDEX ON seed_text (kind, idx);`);
    const subjects = subjectsEn.length + subjectsZh.length;
    const sentences = sentencesEn.length + sentencesZh.length;

    // Comments first, into a staging table: the tickets' search words are built from them.
    // Every ticket has its description; the rest fall on random tickets.
    await one(`
      CREATE UNLOGGED TABLE seed_comment AS
      SELECT c AS comment_id,
        CASE WHEN c <= ${N} THEN c ELSE 1 + floor(random() * ${N})::int END AS ticket_id,
        floor(random() * ${sentences})::int AS s1, floor(random() * ${sentences})::int AS s2,
        CASE WHEN random() < 0.5 THEN floor(random() * ${sentences})::int ELSE -1 END AS s3,
        random() < 0.85 AS is_public, random() AS at
      FROM generate_series(1, ${M}) c;
    `);
    log(start, 'comments planned');
    await one(`
      CREATE AGGREGATE seed_tsvector_agg (tsvector) (SFUNC = tsvector_concat, STYPE = tsvector, INITCOND = '');
      CREATE UNLOGGED TABLE seed_vec AS
      SELECT c.ticket_id, seed_tsvector_agg(a.vec || b.vec || coalesce(d.vec, ''::tsvector)) AS vec
      FROM seed_comment c
      JOIN seed_text a ON a.kind = 'sentence' AND a.idx = c.s1
      JOIN seed_text b ON b.kind = 'sentence' AND b.idx = c.s2
      LEFT JOIN seed_text d ON d.kind = 'sentence' AND d.idx = c.s3
      GROUP BY c.ticket_id;
      CREATE UNIQUE INDEX ON seed_vec (ticket_id);
    `);
    log(start, 'search words of the comments');

    // The ticket table's indexes are built once at the end, not row by row.
    const indexes = await one(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('ticket', 'ticket_search', 'ticket_comment', 'ticket_event') AND indexname NOT LIKE '%_pkey'`,
    );
    for (const ix of indexes) {
      await one(`DROP INDEX "${String(ix.indexname)}"`);
    }

    // Tickets over two years: older ones mostly solved or closed; the last tenth still being worked on.
    await one(`
      CREATE UNLOGGED TABLE seed_agent AS
      SELECT row_number() OVER (ORDER BY a.account_id) - 1 AS n, a.account_id, ga.group_id
      FROM account a JOIN group_account ga ON ga.account_id = a.account_id
      WHERE a.email LIKE 'agent%@helpdesk.example';
      CREATE UNLOGGED TABLE seed_requester AS
      SELECT row_number() OVER (ORDER BY account_id) - 1 AS n, account_id, company_id FROM account WHERE user_type = 'end_user';
      CREATE UNIQUE INDEX ON seed_requester (n);
      CREATE UNIQUE INDEX ON seed_agent (n);
    `);
    const defaultGroup = Number((await one(`SELECT group_id FROM agent_group WHERE is_default`))[0]?.group_id);
    const requesters = Number((await one(`SELECT count(*)::int AS n FROM seed_requester`))[0]?.n);
    await one(`
      CREATE UNLOGGED TABLE seed_ticket AS
      SELECT g AS ticket_id,
        ${now - span} + (g::float8 / ${N}) * ${span} AS created,
        random() AS r1, random() AS r2, random() AS r3, random() AS r4,
        floor(random() * ${subjects})::int AS subject_idx,
        floor(random() * ${requesters})::int AS requester_n,
        floor(random() * 50)::int AS agent_n
      FROM generate_series(1, ${N}) g;
      INSERT INTO ticket (ticket_id, subject, ticket_state, ticket_type, priority, source, requester_id, submitter_id,
        assignee_id, group_id, company_id, tags, satisfaction, satisfaction_comment, satisfaction_token,
        create_ts, update_ts, first_reply_ts, solved_ts)
      SELECT s.ticket_id,
        st.body || CASE WHEN s.r4 < 0.5 THEN ' ORD-' || lpad(((s.ticket_id::bigint * 7919) % 1000000)::text, 6, '0') ELSE '' END,
        x.state,
        (ARRAY['question','question','incident','problem','task'])[1 + floor(s.r2 * 5)::int],
        (ARRAY['normal','normal','normal','low','high','urgent'])[1 + floor(s.r3 * 6)::int],
        (ARRAY['form','form','web','email','chat'])[1 + floor(s.r1 * 5)::int],
        rq.account_id, rq.account_id,
        CASE WHEN x.state = 'new' OR s.r3 < 0.1 THEN NULL ELSE ag.account_id END,
        CASE WHEN x.state = 'new' OR s.r3 < 0.1 THEN ${defaultGroup} ELSE ag.group_id END,
        rq.company_id,
        CASE WHEN s.r2 < 0.5 THEN '{}'::text[]
             WHEN s.r2 < 0.8 THEN ARRAY[(ARRAY[${tags.map((t) => `'${t}'`).join(',')}])[1 + (s.ticket_id % ${tags.length})]]
             ELSE ARRAY[(ARRAY[${tags.map((t) => `'${t}'`).join(',')}])[1 + (s.ticket_id % ${tags.length})],
                        (ARRAY[${tags.map((t) => `'${t}'`).join(',')}])[1 + ((s.ticket_id / 7) % ${tags.length})]] END,
        CASE WHEN x.state IN ('solved','closed') AND s.r4 < 0.3 THEN 'good'
             WHEN x.state IN ('solved','closed') AND s.r4 < 0.35 THEN 'bad' ELSE 'unoffered' END,
        '',
        CASE WHEN x.state IN ('solved','closed') THEN md5(s.ticket_id::text || 'seed') ELSE NULL END,
        s.created::bigint, x.updated::bigint,
        CASE WHEN x.state = 'new' THEN NULL ELSE (s.created + 3600000 * s.r1 * 24)::bigint END,
        CASE WHEN x.state IN ('solved','closed') THEN x.updated::bigint ELSE NULL END
      FROM seed_ticket s
      JOIN seed_text st ON st.kind = 'subject' AND st.idx = s.subject_idx
      JOIN seed_requester rq ON rq.n = s.requester_n
      JOIN seed_agent ag ON ag.n = s.agent_n
      LEFT JOIN seed_vec v ON v.ticket_id = s.ticket_id
      CROSS JOIN LATERAL (SELECT
        CASE WHEN s.ticket_id > ${N} * 0.9 THEN
               (ARRAY['new','open','open','pending','solved','open','new','pending'])[1 + floor(s.r1 * 8)::int]
             WHEN s.r1 < 0.02 THEN 'pending'
             WHEN s.r1 < 0.30 THEN 'solved' ELSE 'closed' END AS state,
        least(${now}, s.created + s.r2 * 3600000 * 24 * 20) AS updated) x;
      SELECT setval(pg_get_serial_sequence('ticket', 'ticket_id'), ${N});
      INSERT INTO ticket_search (ticket_id, search_vector)
      SELECT s.ticket_id, st.vec || coalesce(v.vec, ''::tsvector) || coalesce(rv.vec, ''::tsvector)
          || CASE WHEN s.r4 < 0.5 THEN array_to_tsvector(ARRAY['ord', lpad(((s.ticket_id::bigint * 7919) % 1000000)::text, 6, '0')])
                  ELSE ''::tsvector END
      FROM seed_ticket s
      JOIN seed_text st ON st.kind = 'subject' AND st.idx = s.subject_idx
      JOIN seed_requester rq ON rq.n = s.requester_n
      LEFT JOIN seed_requester_vec rv ON rv.account_id = rq.account_id
      LEFT JOIN seed_vec v ON v.ticket_id = s.ticket_id;
    `);
    log(start, `${N} tickets`);

    await one(`
      INSERT INTO ticket_comment (comment_id, ticket_id, author_id, body, is_public, create_ts)
      SELECT c.comment_id, c.ticket_id,
        CASE WHEN c.comment_id <= ${N} THEN t.requester_id ELSE coalesce(t.assignee_id, t.requester_id) END,
        '<p>' || a.body || ' ' || b.body || coalesce(' ' || d.body, '') || '</p>',
        c.comment_id <= ${N} OR c.is_public,
        CASE WHEN c.comment_id <= ${N} THEN t.create_ts ELSE t.create_ts + floor((t.update_ts - t.create_ts) * c.at)::bigint END
      FROM seed_comment c
      JOIN ticket t ON t.ticket_id = c.ticket_id
      JOIN seed_text a ON a.kind = 'sentence' AND a.idx = c.s1
      JOIN seed_text b ON b.kind = 'sentence' AND b.idx = c.s2
      LEFT JOIN seed_text d ON d.kind = 'sentence' AND d.idx = c.s3;
      SELECT setval(pg_get_serial_sequence('ticket_comment', 'comment_id'), ${M});
    `);
    log(start, `${M} comments`);

    await seedHistories(one);
    await one(
      `INSERT INTO ticket_tag (tag_name, create_ts) SELECT DISTINCT unnest(tags), ${now} FROM ticket ON CONFLICT DO NOTHING;`,
    );
    log(start, 'events and tags');

    for (const ix of indexes) {
      await one(String(ix.indexdef));
    }
    log(start, `${indexes.length} indexes built`);
    await one(`
      DROP TABLE seed_text, seed_comment, seed_vec, seed_agent, seed_requester, seed_requester_vec, seed_ticket;
      DROP AGGREGATE seed_tsvector_agg (tsvector);
    `);
    await one('VACUUM ANALYZE');
    log(start, 'vacuumed and analyzed');
    const summary = await one(`SELECT ticket_state, count(*)::int AS n FROM ticket GROUP BY 1 ORDER BY 2 DESC`);
    say(summary.map((r) => `${r.ticket_state}: ${r.n}`).join(', '));
  });
  // The reports' tables, from the event log by the server's own code (as the rebuild job does).
  await seedReports(database, say);
  await database.db.execute(sql`VACUUM ANALYZE report_ticket`);
  await database.db.execute(sql`VACUUM ANALYZE report_action`);
  await database.db.execute(sql`VACUUM ANALYZE report_span`);
  log(start, 'report tables built');
  log(start, 'done');
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  main().catch((error) => {
    process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
    process.exit(1);
  });
}
