import { fireEvent, screen, waitFor } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { account, emptyDashboard, fail, fakeServer, ok, page } from '../../test/fakeServer';
import { group } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { admin, callsTo, chooseLanguage, signInEachTest } from '../../test/session';
import type { TChartOption } from './chartOption';

// The chart as drawn: what each series is called and which colour it has (jsdom draws no canvas).
const drawn: { label: string; option: TChartOption }[] = [];
vi.mock('./Chart', () => ({
  Chart: ({ option, label }: { option: TChartOption; label: string }) => {
    drawn.push({ label, option });
    return <div data-chart>{label}</div>;
  },
}));

signInEachTest();

const range = { from_ts: 0, to_ts: 0, timezone: 'UTC' };
const scores = { good: 3, bad: 1, offered: 5, solved: 6 };

function serve(handlers = {}) {
  return fakeServer({
    user: admin,
    handlers: {
      'admin/report.satisfaction.get': () =>
        ok({
          range,
          by_agent: [{ ...scores, agent_id: 3, agent_name: 'Grace Hopper' }],
          by_group: [{ ...scores, group_id: 2, group_name: 'Support' }],
        }),
      ...handlers,
    },
  });
}

/** Each series of the last chart drawn under `label`: its name and the colour of its bars and legend. */
async function seriesColours(label: string) {
  await waitFor(() => expect(drawn.some((d) => d.label === label)).toBe(true));
  const option = drawn.filter((d) => d.label === label).at(-1)?.option as {
    color: string[];
    series: { name: string; itemStyle?: { color?: string } }[];
  };
  // A series' own colour, else ECharts' next one of the option's palette.
  return Object.fromEntries(
    option.series.map((s, i) => [s.name, s.itemStyle?.color ?? option.color[i % option.color.length]]),
  );
}

const { colorSuccess, colorError } = theme.getDesignToken();

describe('report chart colours', () => {
  it('draws Good in green and Bad in red, in English', async () => {
    drawn.length = 0;
    serve();
    renderApp('/wswt/report/satisfaction');
    await screen.findByText('Grace Hopper');
    expect(await seriesColours('By agent')).toEqual({ Good: colorSuccess, Bad: colorError });
    // The tag filter's button has a name, not only its magnifier.
    screen.getByRole('button', { name: 'Filter by this tag' });
  });

  it('draws 满意 in green and 不满意 in red, in Chinese', async () => {
    drawn.length = 0;
    await chooseLanguage('zh-cn');
    serve();
    renderApp('/wswt/report/satisfaction');
    await screen.findByText('Grace Hopper');
    expect(await seriesColours('按客服')).toEqual({ 满意: colorSuccess, 不满意: colorError });
    // The seeded group by its Chinese name, as the group filter offers it.
    await screen.findByText('支持');
    expect(screen.queryByText('Support')).toBeNull();
  });

  it('draws solved in green on the dashboard, created in a neutral blue', async () => {
    drawn.length = 0;
    serve({
      'admin/report.dashboard.get': () =>
        ok({
          range,
          created: 4,
          solved: 2,
          unsolved: 2,
          series: [{ start_ts: Date.now() - 3_600_000, created: 4, solved: 2 }],
          mine: { open: 0, pending: 0, solved: 0 },
          satisfaction: { good: 0, bad: 0, offered: 0, solved: 0 },
          chats: { waiting: 0, active: 0 },
        }),
    });
    renderApp('/wswt/dashboard');
    const colours = await seriesColours('Created and solved');
    expect(colours.Solved).toBe(colorSuccess);
    expect(colours.Created).not.toBe(colorSuccess);
    expect(colours.Created).not.toBe(colorError);
    // Nothing solved: the survey share is no figure, not "0 %".
    const offered = screen.getByText('Share offered').closest('.ant-statistic') as HTMLElement;
    expect(offered.textContent).toBe('Share offered—');
  });
});

describe('when the figures were read', () => {
  it('says Updated Just now as a report loads, not "1 minute ago"', async () => {
    serve();
    renderApp('/wswt/report/satisfaction');
    await screen.findByText('Grace Hopper');
    screen.getByText('Updated Just now');
    expect(screen.queryByText(/minute ago/)).toBeNull();
  });

  it('says 更新于 刚刚 on the dashboard in Chinese', async () => {
    await chooseLanguage('zh-cn');
    serve();
    renderApp('/wswt/dashboard');
    await screen.findByText('更新于 刚刚');
    expect(screen.queryByText(/分钟前/)).toBeNull();
  });
});

describe('the agent filter', () => {
  const summary = (o: Parameters<typeof account>[0]) => ({ ...account(o), alias_name: '', group_ids: [] });
  const grace = summary({ account_id: 3, real_name: 'Grace Hopper' });
  const gone = summary({ account_id: 9, real_name: 'Gone Away', access_state: 'suspended' });
  // As the server answers: suspended agents only when asked for.
  const agents = () => ({
    'admin/auth.agent.all.list': (c: { body: Record<string, unknown> }) =>
      ok({ list: c.body.need_suspended ? [grace, gone] : [grace] }),
    'admin/auth.group.list': () => page([group()]),
  });

  it('offers agents suspended since, marked so, as their past work is in the rows', async () => {
    const { calls } = serve(agents());
    renderApp('/wswt/report/satisfaction');
    await screen.findByText('Grace Hopper');
    fireEvent.mouseDown(screen.getByLabelText('Agent'));
    await screen.findByTitle('Gone Away (suspended)');
    screen.getByTitle('Grace Hopper');
    fireEvent.click(screen.getByTitle('Gone Away (suspended)'));
    await waitFor(() =>
      expect(callsTo(calls, 'admin/report.satisfaction.get').at(-1)?.query.get('assignee_id')).toBe('9'),
    );
  });

  it('marks them 已停用 in Chinese', async () => {
    await chooseLanguage('zh-cn');
    serve(agents());
    renderApp('/wswt/report/satisfaction');
    await screen.findByText('Grace Hopper');
    fireEvent.mouseDown(screen.getByLabelText('客服'));
    await screen.findByTitle('Gone Away（已停用）');
  });
});

describe('a link with a group or agent that no longer exists', () => {
  const distribution = { buckets: [{ key: 'lt_1h', count: 2 }], count: 2, median_ms: 600_000 };
  const dashboard = { ...emptyDashboard, range, created: 4, solved: 2, unsolved: 2 };
  // As the server answers an id that names nothing: FFFF on that field.
  const refuseUnknown = (data: unknown) => (c: { query: URLSearchParams }) => {
    for (const field of ['group_id', 'assignee_id']) {
      if (c.query.get(field) === '99999') {
        return fail('FFFF', 'No record has this id', { fields: { [field]: 'No record has this id' } });
      }
    }
    return ok(data);
  };

  it('drops an unknown group: the report loads unfiltered, the address is cleaned, no error', async () => {
    const { calls } = serve({
      'admin/auth.group.list': () => page([group()]),
      'admin/report.efficiency.get': refuseUnknown({
        range,
        first_reply: distribution,
        full_resolution: distribution,
        requester_wait: distribution,
      }),
    });
    const { here } = renderApp('/wswt/report/efficiency?group_id=99999&range=30d');
    await waitFor(() => expect(here()).toBe('/wswt/report/efficiency?range=30d'));
    await waitFor(() => expect(document.querySelectorAll('[data-report-section]').length).toBe(3));
    expect(screen.queryByText('The report could not be loaded.')).toBeNull();
    expect(screen.queryByText('No record has this id')).toBeNull();
    await waitFor(() => expect(screen.queryByText('99999')).toBeNull());
    const last = callsTo(calls, 'admin/report.efficiency.get').at(-1);
    expect(last?.query.get('group_id')).toBeNull();
    expect(last?.query.get('time_range')).toBe('30d');
  });

  it('drops an unknown agent on the dashboard and keeps the range', async () => {
    serve({ 'admin/report.dashboard.get': refuseUnknown(dashboard) });
    const { here } = renderApp('/wswt/dashboard?assignee_id=99999&range=30d');
    await waitFor(() => expect(here()).toBe('/wswt/dashboard?range=30d'));
    await waitFor(() => expect(document.querySelector('[data-report-section="dashboard"]')).not.toBeNull());
    expect(screen.queryByText('The report could not be loaded.')).toBeNull();
    expect(screen.queryByText('No record has this id')).toBeNull();
    await waitFor(() => expect(screen.queryByText('99999')).toBeNull());
  });
});

describe('a first bucket that is only part of a week or a month', () => {
  // Friday 4 December 2026, 11:00 in Berlin (the signed-in user's time zone).
  const now = Date.UTC(2026, 11, 4, 10, 0);
  const berlinMidnight = (y: number, m: number, d: number) => Date.UTC(y, m, d) - 3_600_000;
  const dashboardOf = (from: number, starts: number[]) => ({
    range: { from_ts: from, to_ts: now, timezone: 'Europe/Berlin' },
    created: 3,
    solved: 1,
    unsolved: 2,
    series: starts.map((start_ts) => ({ start_ts, created: 1, solved: 0 })),
    mine: { open: 0, pending: 0, solved: 0 },
    satisfaction: { good: 0, bad: 0, offered: 0, solved: 0 },
    chats: { waiting: 0, active: 0 },
  });
  // Last 3 months: from Friday 4 Sept 12:00 (Berlin, summer time), then each Monday.
  const from3m = Date.UTC(2026, 8, 4, 10, 0);
  const mondays = [Date.UTC(2026, 8, 6, 22), Date.UTC(2026, 8, 13, 22)];
  // Last year: from 4 Dec 2025 11:00, then each first of a month.
  const from1y = Date.UTC(2025, 11, 4, 10, 0);
  const firsts = [berlinMidnight(2026, 0, 1), berlinMidnight(2026, 1, 1)];
  let csv = '';

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    csv = '';
    // Spied, not replaced: the test files share one window (isolate: false), and happy-dom follows
    // the download link's click, which left the window at blob:csv (origin "null") for the files
    // after this one (their `new URL(path, origin)` threw: a sign-in went to the wrong page).
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      void (blob as Blob).text().then((text) => {
        csv = text;
      });
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });
  afterEach(() => vi.useRealTimers());

  async function periods() {
    await waitFor(() => expect(drawn.some((d) => d.label === 'Created and solved')).toBe(true));
    const option = drawn.filter((d) => d.label === 'Created and solved').at(-1)?.option as {
      xAxis: { data: string[] };
    };
    fireEvent.click(screen.getByRole('button', { name: /Export CSV|导出 CSV/ }));
    await waitFor(() => expect(csv).not.toBe(''));
    const lines = csv.replace('\uFEFF', '').trimEnd().split('\r\n');
    // ICU puts thin spaces around the dash ("4 – 6 Sept"): compared as plain spaces.
    return {
      chart: option.xAxis.data.map((l) => l.replace(/\s/g, ' ')),
      csv: lines.slice(1, 3).map((l) => l.split(',')[0]),
    };
  }

  it('labels the first week of the last 3 months with the days it covers, in chart, table and CSV', async () => {
    drawn.length = 0;
    serve({ 'admin/report.dashboard.get': () => ok(dashboardOf(from3m, [from3m, ...mondays])) });
    renderApp('/wswt/dashboard?range=3m');
    const { chart, csv: cells } = await periods();
    expect(chart.slice(0, 2)).toEqual(['4 – 6 Sept', 'Week of 7 Sept 2026']);
    screen.getByRole('cell', { name: /^4\s–\s6 Sept$/ });
    expect(cells).toEqual(['2026-09-04/2026-09-06', '2026-09-07']);
  });

  it('labels the first month of the last year with its days, in chart and CSV', async () => {
    drawn.length = 0;
    serve({ 'admin/report.dashboard.get': () => ok(dashboardOf(from1y, [from1y, ...firsts])) });
    renderApp('/wswt/dashboard?range=1y');
    const { chart, csv: cells } = await periods();
    expect(chart.slice(0, 2)).toEqual(['4 – 31 Dec 2025', 'Jan 2026']);
    expect(cells).toEqual(['2025-12-04/2025-12-31', '2026-01']);
  });

  it('says 2025年12月4日至2025年12月31日 in Chinese', async () => {
    drawn.length = 0;
    await chooseLanguage('zh-cn');
    serve({ 'admin/report.dashboard.get': () => ok(dashboardOf(from1y, [from1y, ...firsts])) });
    renderApp('/wswt/dashboard?range=1y');
    await waitFor(() => expect(drawn.some((d) => d.label === '新建与解决')).toBe(true));
    screen.getByRole('cell', { name: '2025年12月4日至2025年12月31日' });
    screen.getByRole('cell', { name: '2026年1月' });
  });
});
