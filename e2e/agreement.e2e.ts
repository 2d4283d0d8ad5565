import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch } from './support/browser.ts';
import { pause, until } from './support/carFleet.ts';
import { handedFleets, startDemoFleet, type DemoFleet, type DemoFleetInfo, type Engine } from './support/demoFleet.ts';
import type { DataCenterOverview } from '@chelian/contracts';
import { BEIJING_OFFSET_MS, DAY_MS } from '@chelian/contracts/beijingTime.ts';
import {
  Api,
  allRows,
  beijingToday,
  listTotal,
  numberOf,
  open,
  perVehicle,
  reportCards,
  settled,
  tabAs,
  waitAnswer,
} from './agreement.pages.ts';

// Issue 31, "Done when": the demo fleet runs for at least AGREEMENT_MIN_MINUTES (10 by default),
// then every fact two pages show is read from both, as admin, as demo and as a restricted
// sub-account, on PGlite and (DATABASE_URL set) on PostgreSQL — docs/facts.md names each check.
// `npm test` starts the fleets at its very beginning (scripts/test.mjs, e2e/support/demoFleet.cli.ts)
// and hands them over in AGREEMENT_FLEETS_FILE, so the suites before this one are the wait; run
// alone, the file starts its own fleet and waits (AGREEMENT_MIN_MINUTES=1 for a quick run).
const MIN_MINUTES = Number(process.env.AGREEMENT_MIN_MINUTES ?? 10);
/** npm test names the fleets it started; alone, PostgreSQL joins when DATABASE_URL is set. */
const engines = (process.env.AGREEMENT_ENGINES ?? (process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite')).split(',') as Engine[];
const RESTRICTED_PASSWORD = 'Agree2026limited';
/** 实时监控, 报警中心 (智能车联) and 里程报表 (数据报表), with their sub-product roots. */
const RESTRICTED_RESOURCES = [8000, 8001, 8004, 20000, 20001];

describe.each(engines)('one truth on the demo fleet (%s)', (engine) => {
  let fleet: DemoFleetInfo;
  let own: DemoFleet | undefined;
  let browser: Browser;
  let admin: Api;
  let demo: Api;
  let restricted: Api;
  let restrictedName = '';
  const stamp = String(Date.now() % 1_000_000);

  beforeAll(
    async () => {
      const handed = await handedFleets();
      if (handed) {
        const found = handed.find((f) => f.engine === engine);
        if (!found) throw new Error(`npm test started no ${engine} demo fleet`);
        fleet = found;
      } else fleet = own = await startDemoFleet(engine);
      // the fleet must have driven its minutes: overspeed episodes, alarms, today's rollup lag
      await pause(Math.max(0, fleet.startedAt + MIN_MINUTES * 60_000 - Date.now()));
      browser = await launch();
      const anonymous = new Api(fleet.baseUrl);
      admin = await anonymous.login('admin', fleet.adminPassword);
      demo = await anonymous.login('demo', fleet.demoPassword);
      // A restricted sub-account of the demo's account, made as an operator would.
      const { accountId } = await demo.ok<{ accountId: number }>('/car/v1/api/user/getUser.json');
      const role = await admin.ok<{ id: number }>(
        '/car/v4/api/role/save.json',
        { accountId, name: `值班员${stamp}`, resourceIds: RESTRICTED_RESOURCES },
        true,
      );
      restrictedName = `agree_${engine}_${stamp}`;
      await admin.ok('/car/v4/api/user/add.json', {
        accountId,
        roleId: role.id,
        username: restrictedName,
        name: '值班员',
        password: await admin.encrypt(RESTRICTED_PASSWORD),
      });
      restricted = await anonymous.login(restrictedName, RESTRICTED_PASSWORD);
    },
    (MIN_MINUTES + 15) * 60_000,
  );
  afterAll(async () => {
    await browser?.close();
    await own?.stop();
  });

  /** A page of `api`'s user, opened by deep link; the tab closes after `read`. */
  async function onPage<T>(api: Api, path: string, testId: string, read: (page: Page) => Promise<T>): Promise<T> {
    const tab = await tabAs(browser, api);
    try {
      await open(tab.page, fleet.baseUrl, path, testId);
      const value = await read(tab.page);
      expect(tab.errors, `${path}: page errors`).toEqual([]);
      expect(tab.refused, `${path}: calls refused for want of a permission`).toEqual([]);
      return value;
    } finally {
      await tab.context.close();
    }
  }

  const report = (name: string, day: string) => `/child/data-report/dataReport/${name}?startDate=${day}&endDate=${day}`;
  const overview = (api: Api) => api.ok<DataCenterOverview>('/car/v4/api/dataCenter/overview.json');
  /** 报警中心's 历史报警 of today (智能车联's kinds): the list the page pages through, its 共 N 条. */
  const alarmCentreToday = async (api: Api, types = '') => {
    const { startMs } = beijingToday();
    const typed = types ? `&types=${types}` : '';
    return allRows<{ vehicleId: number | null }>(
      api,
      `/car/v1/accelerate/report/alarm/newQueryAlarm?start=${startMs}&end=${Date.now()}${typed}`,
    );
  };
  /** Reads `read` until it says the figures agree (they move while the fleet drives): the last reading fails the test otherwise. */
  async function agreeing<T>(what: string, read: () => Promise<T>, agree: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
    let last: T | undefined;
    await until(async () => agree((last = await read())), timeoutMs, 1000).catch(() => expect(last, what).toBe('agreeing'));
    return last!;
  }

  it("kinds: 数据中心 counts 智能车联's fleet as 实时监控 and 车辆管理 list it, and names every other kind apart", async () => {
    // admin's pages and demo's side by side (each in tabs of its own)
    const check = async (api: Api) => {
      const vehicles = await onPage(api, '/child/car/vehicle', 'car-vehicles', async (page) => (await settled(page), listTotal(page)));
      // 数据中心's page shows what its call answered, split by kind; people and pets are beside the fleet, never in it
      const shown = await onPage(api, '/child/dataCenter/overview', 'dc-overview', async (page) => {
        const answer = await waitAnswer<DataCenterOverview>(page, 'dataCenter/overview.json');
        await page.getByTestId('dc-kind-vehicle').waitFor();
        const figure = async (key: string) =>
          numberOf(await page.getByTestId(`dc-figure-${key}`).locator('.dc-figure-value, strong').first().innerText());
        expect(await figure('total')).toBe(answer.fleet.total);
        for (const k of answer.assetKinds) {
          const el = page.getByTestId(`dc-kind-${k.kind}`);
          expect(await el.getAttribute('data-total')).toBe(String(k.total));
          // the live feed adds today's new alarms to what the call answered
          expect(Number(await el.getAttribute('data-alarms'))).toBeGreaterThanOrEqual(k.alarmsToday);
        }
        // the alarms of terminals in no asset are said apart (未绑定终端), when there are any
        if (answer.alarmsToday.unbound > 0)
          expect(Number(await page.getByTestId('dc-kind-unbound').getAttribute('data-alarms'))).toBeGreaterThanOrEqual(
            answer.alarmsToday.unbound,
          );
        return answer;
      });
      const kind = (k: string) => shown.assetKinds.find((a) => a.kind === k)!;
      expect(shown.fleet.total).toBe(kind('vehicle').total + kind('ebike').total);
      expect(kind('badge').total).toBeGreaterThan(0);
      expect(kind('pet').total).toBeGreaterThan(0);
      expect(vehicles).toBe(shown.fleet.total);
      // 实时监控 (live) beside 数据中心 (read now): the same total, the same online (terminals come and go: one reading agrees)
      const tab = await tabAs(browser, api);
      try {
        await open(tab.page, fleet.baseUrl, '/child/car/monitor', 'car-monitor');
        const count = async (key: string) => Number(await tab.page.getByTestId(`state-count-${key}`).getAttribute('data-count'));
        await agreeing(
          `${api === admin ? 'admin' : 'demo'}: 实时监控 = 数据中心`,
          async () => {
            const dc = await overview(api);
            return { monitor: { total: await count('all'), online: (await count('all')) - (await count('offline')) }, dc: dc.fleet };
          },
          (v) => v.monitor.total === v.dc.total && v.monitor.online === v.dc.online,
        );
        expect(tab.refused).toEqual([]);
        expect(tab.errors).toEqual([]);
      } finally {
        await tab.context.close();
      }
    };
    await Promise.all([check(admin), check(demo)]);
  }, 300_000);

  it("overspeed: 平台超速报警 of each vehicle today are 超速报表's episodes, and each is over its limit", async () => {
    const { day } = beijingToday();
    type Episode = { vehicleId: number; maxSpeed: number; limitKmh: number };
    const reportPath = `/car/v1/accelerate/report/overspeed/overspeedReport.json?startDate=${day}&endDate=${day}`;
    // each page shows its own call's answer
    await onPage(demo, report('overspeedReport', day), 'overspeed-report', async (page) => {
      const answer = await waitAnswer<{ total: number; totals: { episodes: number } }>(page, 'overspeed/overspeedReport.json');
      await settled(page);
      expect((await reportCards(page))['超速次数']).toBe(answer.totals.episodes);
      expect(await listTotal(page)).toBe(answer.total);
    });
    await onPage(demo, report('alarmInfo', day), 'alarm-report', async (page) => {
      const answer = await waitAnswer<{ totals: { types: Array<{ typeName: string; count: number }> } }>(
        page,
        'alarm/alarmStatistics.json',
      );
      await settled(page);
      const platform = answer.totals.types.find((t) => t.typeName === '平台超速报警');
      expect(platform?.count).toBeGreaterThan(0);
      expect((await reportCards(page))['平台超速报警']).toBe(platform!.count);
    });
    // and the two agree, vehicle by vehicle (an episode under way may be a second apart: one reading agrees)
    const { episodes } = await agreeing(
      '平台超速报警 per vehicle = 超速报表 episodes per vehicle',
      async () => {
        const [episodes, raised] = await Promise.all([allRows<Episode>(demo, reportPath), alarmCentreToday(demo, 'platformOverspeed')]);
        return { episodes: episodes.list, report: perVehicle(episodes.list), alarms: perVehicle(raised.list) };
      },
      (v) => JSON.stringify(v.report) === JSON.stringify(v.alarms),
    );
    expect(episodes.length).toBeGreaterThan(0);
    for (const e of episodes) expect(e.maxSpeed).toBeGreaterThan(e.limitKmh);
  });

  it('summaries are their rows: 里程报表 and 报警明细 today, and today is not 0', async () => {
    const { day } = beijingToday();
    await onPage(demo, report('mileageReport', day), 'mileage-report', async (page) => {
      const answer = await waitAnswer<{ total: number; totals: { mileageKm: number; alarmCount: number } }>(
        page,
        'mileage/dayMileage.json',
      );
      await settled(page);
      const cards = await reportCards(page);
      expect(cards['总里程(km)']).toBeCloseTo(answer.totals.mileageKm, 2);
      expect(cards['报警总数']).toBe(answer.totals.alarmCount);
      expect(await listTotal(page)).toBe(answer.total);
    });
    // rows and totals of one answer (today's figures move with every fix): the day's 55-odd rows fit one page
    const rows = await demo.ok<{ list: Array<{ mileageKm: number }>; total: number; totals: { mileageKm: number } }>(
      `/car/v1/accelerate/report/mileage/dayMileage.json?startDate=${day}&endDate=${day}&pageSize=500`,
    );
    expect(rows.list).toHaveLength(rows.total);
    const km = rows.list.reduce((s, r) => s + r.mileageKm, 0);
    expect(rows.totals.mileageKm).toBeCloseTo(km, 1);
    expect(km).toBeGreaterThan(0); // today's fixes count before any rollup pass
    // 报警明细: 报警总数 above the list is the list's 共 N 条
    await agreeing(
      '报警明细 报警总数 = 共 N 条',
      () =>
        onPage(demo, report('alarmInfo', day), 'alarm-report', async (page) => {
          await settled(page);
          return { card: (await reportCards(page))['报警总数'], listed: await listTotal(page, page.getByTestId('alarm-report')) };
        }),
      (v) => v.card > 0 && v.card === v.listed,
    );
  });

  it("数据中心's 今日报警 of 车辆, 电单车 and 未绑定 are 报警中心's and 报警明细's alarms of today, and with 人员 and 宠物 its total", async () => {
    const { day } = beijingToday();
    for (const api of [admin, demo]) {
      await agreeing(
        `${api === admin ? 'admin' : 'demo'}: 数据中心 车辆+电单车+未绑定 = 报警中心 = 报警明细 (today); 今日报警 = every kind + 未绑定`,
        async () => {
          const [dc, centre, detail] = await Promise.all([
            overview(api),
            api.ok<{ total: number }>(
              `/car/v1/accelerate/report/alarm/newQueryAlarm?pageSize=1&start=${beijingToday().startMs}&end=${Date.now()}`,
            ),
            api.ok<{ totals: { total: number } }>(
              `/car/v1/accelerate/report/alarm/alarmStatistics.json?startDate=${day}&endDate=${day}&pageSize=1`,
            ),
          ]);
          const kinds = Object.fromEntries(dc.assetKinds.map((k) => [k.kind, k.alarmsToday]));
          const hours = dc.hours.reduce((n, h) => n + h.alarms, 0);
          const { total, unbound } = dc.alarmsToday;
          return { kinds, total, unbound, hours, centre: centre.total, detail: detail.totals.total };
        },
        // 今日活跃时段 is the fleet's (车辆 · 电单车, as its title says); a terminal in no asset is 未绑定,
        // listed by 报警中心 beside them; every alarm of 今日报警 is of one kind or 未绑定 (docs/facts.md)
        (v) =>
          v.kinds.vehicle + v.kinds.ebike + v.unbound === v.centre &&
          v.centre === v.detail &&
          v.hours === v.kinds.vehicle + v.kinds.ebike &&
          v.total === v.kinds.vehicle + v.kinds.ebike + v.kinds.badge + v.kinds.pet + v.unbound,
      );
    }
  });

  it('attendance: 到岗 before 离岗 within the shift, today counted, nothing owed before a person started', async () => {
    const { day } = beijingToday();
    const rows = await onPage(demo, '/child/card/attendance', 'card-attendance', async (page) => {
      await settled(page);
      return page
        .getByTestId('card-attendance-table')
        .locator('tbody tr.ant-table-row')
        .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td as HTMLElement).innerText.trim())));
    });
    expect(rows.length).toBeGreaterThan(0);
    const clock = (t: string) => (/^\d\d:\d\d$/.test(t) ? t : null);
    for (const [, , , span, arrivedText, leftText] of rows) {
      const [start, end] = span.split('-');
      const [arrived, left] = [clock(arrivedText), clock(leftText)];
      // a day shift (08:00-12:00): 到岗 within it, 离岗 after 到岗 (a night shift's 次日 times are left alone)
      if (!clock(start) || !clock(end)) continue;
      // arriving counts from an hour before the start (ATTENDANCE_SLACK_MINUTES, docs/card.md)
      const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
      if (arrived) expect(minutes(arrived) >= minutes(start) - 60 && arrived <= end, `${span}: 到岗 ${arrived}`).toBe(true);
      if (arrived && left) expect(arrived <= left, `${span}: 到岗 ${arrived} 离岗 ${left}`).toBe(true);
    }
    const summary = await demo.ok<{ rows: Array<{ arrived: number; ongoing: number; absent: number; workPeriods: number }> }>(
      `/card/v1/api/report/summary.json?kind=day&date=${day}`,
    );
    const shown = await onPage(demo, '/child/card/report', 'card-report', async (page) => {
      await settled(page);
      return page.getByTestId('card-report-table').locator('tbody tr.ant-table-row').count();
    });
    expect(shown).toBe(Math.min(10, summary.rows.length));
    // today's 日报 shows today so far: the crew's 环卫白班 starts at 08:00 (arrivals count from 07:00),
    // so before 07:00 Beijing it is rightly empty and from 08:10 someone has arrived
    const present = summary.rows.reduce((s, r) => s + r.arrived + r.ongoing, 0);
    const minuteOfDay = Math.floor(((Date.now() + BEIJING_OFFSET_MS) % DAY_MS) / 60_000);
    if (minuteOfDay < 7 * 60) expect(present).toBe(0);
    else if (minuteOfDay >= 8 * 60 + 10) expect(present).toBeGreaterThan(0);
    const week = await demo.ok<{ rows: Array<{ absent: number; workPeriods: number; arrived: number }> }>(
      `/card/v1/api/report/summary.json?kind=week&date=${day}`,
    );
    for (const r of week.rows) expect(r.absent + r.arrived).toBeLessThanOrEqual(r.workPeriods);
    // a person hired today owes this week's periods from today on only: at most today's two, none of the days before
    const teams = await demo.ok<Array<{ teamId: number; shiftId: number | null }>>('/card/v1/api/team/list.json');
    const team = teams.find((t) => t.shiftId !== null) ?? teams[0];
    const hired = await demo.ok<{ staffId: number }>('/card/v1/api/staff/save.json', {
      name: `新人${stamp}`,
      staffNo: `AG${engine.slice(0, 2)}${stamp}`,
      teamId: team.teamId,
    });
    const owed = await demo.ok<{ rows: Array<{ staffId: number; workPeriods: number; absent: number }> }>(
      `/card/v1/api/report/summary.json?kind=week&date=${day}`,
    );
    const newcomer = owed.rows.find((r) => r.staffId === hired.staffId);
    expect(newcomer?.workPeriods ?? 0).toBeLessThanOrEqual(2);
    expect(newcomer?.absent ?? 0).toBeLessThanOrEqual(2);
  });

  it('a restricted role: its pages make no refused call, the others say 没有访问权限, and its exports are refused', async () => {
    const tab = await tabAs(browser, restricted);
    const { page } = tab;
    try {
      await page.goto(`${fleet.baseUrl}/home`);
      await page.getByTestId('home-page').waitFor({ timeout: 30_000 });
      const systems = await page.getByTestId('home-systems').innerText();
      expect(systems).toContain('智能车联');
      expect(systems).not.toContain('数据中心');
      await page.waitForTimeout(1500);
      for (const [path, testId] of [
        ['/child/car/monitor', 'car-monitor'],
        ['/child/car/alarm', 'car-alarms'],
        [report('mileageReport', beijingToday().day), 'mileage-report'],
      ]) {
        await open(page, fleet.baseUrl, path, testId);
        await page.waitForTimeout(1500);
      }
      for (const path of [
        '/child/car/command',
        '/child/car/vehicle',
        '/child/data-report/dataReport/alarmInfo',
        '/child/data-report/dataReport/overspeedReport',
        '/child/dataCenter/overview',
        '/child/system/user',
      ]) {
        await open(page, fleet.baseUrl, path, 'child-forbidden');
        expect(await page.getByTestId('child-forbidden').innerText(), path).toContain('没有访问权限');
        await page.waitForTimeout(800);
      }
      expect(tab.refused).toEqual([]);
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.context.close();
    }
    // exports of lists it may not read: refused, with the reason in Chinese; the file is never made
    for (const reportType of ['userList', 'alarmInfo', 'overspeedReport', 'mileageReport']) {
      for (const path of ['/car/v1/accelerate/export/exportDataReport.json', '/car/v1/accelerate/export/exportDataReportFile.json']) {
        const res = await restricted.call(path, { reportType, params: '{}' });
        expect(res.flag, `${reportType} ${path}`).not.toBe(1);
        expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
      }
    }
    // the pages' own Excel exports of lists it may not open (车辆管理, 人员管理, 工牌统计报表, 新国标 备案登记 and
    // 统计分析, 租赁 运营统计): refused by permission, never a file
    for (const path of [
      '/car/v4/api/vehicle/export.json',
      '/card/v1/api/staff/export.json',
      `/card/v1/api/report/export.json?kind=day&date=${beijingToday().day}`,
      '/elec-gb/v1/api/bike/export.json',
      '/elec-gb/v1/api/stats/export.json',
      '/elec-lease/v1/api/stats/export.json',
    ]) {
      const res = await restricted.call(path);
      expect({ path, status: res.status, msg: res.msg }).toEqual({ path, status: 403, msg: '没有该操作的权限' });
    }
    // and what it may do, it can: 里程报表's rows with their summary
    const rows = await restricted.ok<{ total: number }>('/car/v1/accelerate/report/mileage/dayMileage.json?pageSize=1');
    expect(rows.total).toBeGreaterThan(0);
    expect(restrictedName).toContain(engine);
  });
});
