// Issue 19: the dashboard and every report in a browser, on the real server with histories
// written to the event log: they render with data (chart and table), a range or filter change
// updates them, the CSV download holds what the table shows; screenshots in en and zh-cn.
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/src/db/rows.js';
import { call, signInAdmin } from '../../server/test/app.js';
import { buildAgent, buildEndUser, buildGroup } from '../../server/test/factories.js';
import { craftTicket, day, hour, reply, state } from '../../server/test/report-kit.js';
import { launchBrowser, screenshot, signedIn } from '../support/browser.js';
import { admin, type RunningServer, startServer } from '../support/server.js';

let server: RunningServer;
let browser: Browser;
let groupId: number;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const db = server.database.db;
  groupId = await buildGroup(db);
  const agent = (await buildAgent(db, { realName: 'Ada Agent' })).accountId;
  const requesterId = (await buildEndUser(db)).accountId;
  const now = Date.now();
  const base = { requesterId, groupId, assigneeId: agent };
  // Answered in 30 minutes and solved, rated good.
  await craftTicket(db, {
    ...base,
    createTs: now - 2 * hour,
    satisfaction: 'good',
    steps: [
      { at: 10 * 60_000, field: 'assignee_id', value: agent, by: agent },
      reply(30 * 60_000, agent),
      state(30 * 60_000, 'open', agent),
      state(hour, 'solved', agent),
      { at: hour, field: 'satisfaction_offered', value: true, by: agent },
    ],
  });
  // Answered in 2 hours, solved after 30 hours.
  await craftTicket(db, {
    ...base,
    createTs: now - 3 * day,
    steps: [reply(2 * hour, agent), state(2 * hour, 'open', agent), state(30 * hour, 'solved', agent)],
  });
  // Ten days old, never answered, tagged.
  await craftTicket(db, { ...base, createTs: now - 10 * day, tags: ['vip'], steps: [state(hour, 'open', agent)] });
  // By email an hour ago.
  await craftTicket(db, { ...base, assigneeId: null, source: 'email', createTs: now - hour });
  // And one written through the API, as an agent would.
  const token = await signInAdmin(server.app);
  const added = await call(server.app, 'POST', '/api/admin/ticket.add', {
    token,
    body: {
      requester_email: 'reports-e2e@example.com',
      subject: 'Printer on fire',
      comment: { body: '<p>Help</p>' },
      group_id: groupId,
    },
  });
  expect(added.code).toBe('0000');
  // A trigger that fired today (the rules module counts uses per UTC day).
  const [trigger] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO rule_trigger (title, position, conditions, actions, create_ts, update_ts)
        VALUES ('Tell the requester', 1, '{}'::jsonb, '[]'::jsonb, ${now}, ${now}) RETURNING trigger_id AS id`,
  );
  await db.execute(sql`INSERT INTO rule_usage_daily (rule_kind, rule_id, day, count)
    VALUES ('trigger', ${Number(trigger?.id)}, (now() AT TIME ZONE 'UTC')::date, 3)`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const statistic = (page: Page, title: string) =>
  page.locator('.ant-statistic', { has: page.locator('.ant-statistic-title', { hasText: title }) }).first();
const section = (page: Page, name: string) => page.locator(`[data-report-section="${name}"]`);
const rowsOf = (page: Page, name: string) => section(page, name).locator('tr.ant-table-row');

async function tableText(page: Page, name: string): Promise<string[][]> {
  const head = await section(page, name).locator('thead th').allInnerTexts();
  const rows: string[][] = [head.map((h) => h.trim())];
  for (const row of await rowsOf(page, name).all()) {
    rows.push((await row.locator('td').allInnerTexts()).map((c) => c.trim()));
  }
  return rows;
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

describe('dashboard and reports', () => {
  it('the dashboard shows the range, then more when the range grows', async () => {
    const page = await signedIn(browser, server.url, admin, `/wswt/dashboard?group_id=${groupId}`);
    await expect.poll(() => statistic(page, 'Created').textContent()).toContain('4');
    await section(page, 'dashboard').locator('[data-chart] canvas').waitFor();
    // The table under the chart adds up to the same.
    const rows = await tableText(page, 'dashboard');
    expect(rows.slice(1).reduce((a, r) => a + Number(r[1]), 0)).toBe(4);
    expect(rows.slice(1).map((r) => r[0])).toContain('Today');
    await screenshot(page, 'report-dashboard');

    await pick(page, 'Time range', 'Last 30 days');
    await expect.poll(() => statistic(page, 'Created').textContent()).toContain('5');
    expect(page.url()).toContain('range=30d');
    await expect.poll(() => statistic(page, 'Solved').textContent()).toContain('2');
  });

  it('every report renders a chart and its table with data', async () => {
    const page = await signedIn(browser, server.url, admin, '/wswt');
    for (const [path, first, title] of [
      ['efficiency', 'efficiency-first_reply', 'Efficiency'],
      ['assignee_activity', 'assignee-activity', 'Assignee activity'],
      ['agent_updates', 'agent-updates', 'Agent updates'],
      ['unsolved', 'unsolved-state', 'Unsolved tickets'],
      ['backlog', 'backlog-daily', 'Backlog'],
      ['satisfaction', 'satisfaction-by_agent', 'Satisfaction'],
      ['rule_usage', 'rule-usage', 'Trigger and automation usage'],
    ] as const) {
      await page.goto(`/wswt/report/${path}?group_id=${groupId}&range=30d`);
      await page.getByRole('heading', { name: title }).first().waitFor();
      await section(page, first).locator('[data-chart] canvas').waitFor();
      expect(await rowsOf(page, first).count(), path).toBeGreaterThan(0);
      await screenshot(page, `report-${path}`);
    }
    // The menu leads there too.
    await page.getByRole('menuitem', { name: 'Reports' }).click();
    await page.getByRole('menuitem', { name: 'Backlog' }).waitFor();
  });

  it('a filter change updates the figures, and the CSV holds what the table shows', async () => {
    const page = await signedIn(browser, server.url, admin, `/wswt/report/efficiency?group_id=${groupId}&range=30d`);
    const firstReply = () => tableText(page, 'efficiency-first_reply');
    await expect.poll(async () => (await firstReply())[1]).toEqual(['No replies', '3', '60%']);
    expect((await firstReply())[2]).toEqual(['0-1 hrs', '1', '20%']);
    await expect(section(page, 'efficiency-first_reply').locator('[data-median]').textContent()).resolves.toContain(
      'Median',
    );

    await pick(page, 'Channel', 'Email');
    await expect.poll(async () => (await firstReply())[1]).toEqual(['No replies', '1', '100%']);
    // Nothing solved by email: the empty state instead of a chart.
    await section(page, 'efficiency-full_resolution').getByText('No tickets in this range').waitFor();
    await pick(page, 'Channel', 'Back office');
    await expect.poll(async () => (await firstReply())[1]).toEqual(['No replies', '2', '50%']);

    const table = await firstReply();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section(page, 'efficiency-first_reply').getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    // Which report, over which range, taken which day.
    expect(download.suggestedFilename()).toMatch(/^efficiency-first_reply-30d-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path()) as string, 'utf8').replace(/^\uFEFF/, '');
    expect(
      csv
        .trimEnd()
        .split('\r\n')
        .map((line) => line.split(',')),
    ).toEqual(table);
  });

  it('writes dates in the help desk’s date format, and the CSV dates that still hold tomorrow', async () => {
    const token = await signInAdmin(server.app);
    const setFormat = async (date_format: string) => {
      const edited = await call(server.app, 'POST', '/api/admin/settings/localization.edit', {
        token,
        body: { default_language: 'en', default_timezone: 'UTC', date_format },
      });
      expect(edited.code).toBe('0000');
    };
    await setFormat('iso');
    try {
      const page = await signedIn(browser, server.url, admin, `/wswt/dashboard?group_id=${groupId}&range=7d`);
      await section(page, 'dashboard').locator('[data-chart] canvas').waitFor();
      const periods = (await tableText(page, 'dashboard')).slice(1).map((r) => r[0] ?? '');
      // Seven whole days, today the last: the days keep their names.
      expect(periods).toHaveLength(7);
      expect(periods.at(-2)).toBe('Yesterday');
      expect(periods.at(-1)).toBe('Today');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        section(page, 'dashboard').getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^dashboard-7d-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = fs.readFileSync((await download.path()) as string, 'utf8').replace(/^\uFEFF/, '');
      const lines = csv.trimEnd().split('\r\n');
      expect(lines[0]).toBe('Period,Created,Solved');
      // "Today" in the table; the day's date in the file.
      expect(lines.slice(1).filter((l) => !/^\d{4}-\d{2}-\d{2},\d+,\d+$/.test(l))).toEqual([]);
      expect(lines).toHaveLength(periods.length + 1);
      // Weeks are named by their first day, written as Settings › Localization says.
      await page.goto(`/wswt/dashboard?group_id=${groupId}&range=3m`);
      await section(page, 'dashboard').locator('[data-chart] canvas').waitFor();
      const weeks = (await tableText(page, 'dashboard')).slice(1).map((r) => r[0] ?? '');
      expect(weeks.at(-2)).toMatch(/^Week of \d{4}-\d{2}-\d{2}$/);
    } finally {
      await setFormat('medium');
    }
  });

  it('shows the dashboard and a report in Chinese', async () => {
    const page = await signedIn(browser, server.url, admin, `/wswt/dashboard?group_id=${groupId}&range=30d`);
    await page.getByRole('button', { name: /Language/ }).click();
    await page.getByText('简体中文').last().click();
    await page.getByRole('heading', { name: '仪表盘' }).first().waitFor();
    await statistic(page, '新建').waitFor();
    await section(page, 'dashboard').locator('[data-chart] canvas').waitFor();
    // Thirty whole days, today the last (no sliver of a 31st), one label form: the month and day
    // (not the last week's as weekday names).
    const days = (await tableText(page, 'dashboard')).slice(1).map((r) => r[0]);
    expect(days).toHaveLength(30);
    expect(days.filter((d) => !/^\d{1,2}月\d{1,2}日$/.test(d ?? ''))).toEqual([]);
    await screenshot(page, 'report-dashboard-zh-cn');
    await page.goto(`/wswt/report/efficiency?group_id=${groupId}&range=30d`);
    await page.getByText('首次回复时间').first().waitFor();
    await section(page, 'efficiency-first_reply').getByText('无回复').waitFor();
    await screenshot(page, 'report-efficiency-zh-cn');
  });
});
