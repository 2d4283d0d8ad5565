/**
 * The demo account's 内容发布: what its operator published to its own drivers on the first day (a
 * notice, an announcement and a help article), so 内容发布 and each reader's 站内信 have something
 * to show. Published through the service the page uses; a title already published is left alone.
 */
import type { NoticeType } from '@chelian/contracts';
import type { DemoPart } from '../feature.ts';
import { NoticeService } from './notices.service.ts';

const DEMO_NOTICES: ReadonlyArray<{ type: NoticeType; title: string; html: string }> = [
  {
    type: 'announcement',
    title: '演示车队本周安全例会通知',
    html: '<p>各位司机：本周五 16:00 在车队调度室召开安全例会，请准时参加。</p><p>近一周超速报警较多，请城区配送车辆严格控制在 60 公里/小时以内。</p>',
  },
  {
    type: 'notice',
    title: '冷链车辆温控检查提醒',
    html: '<p>冷链运输组车辆请于出车前检查冷机与温度记录仪，发现异常及时报修。</p>',
  },
  {
    type: 'article',
    title: '如何查看车辆的历史轨迹',
    html: '<p>进入 智能车联 › 轨迹回放，选择车辆与时间段后点击查询，即可回放行驶轨迹、查看停留点与超速路段，并可导出轨迹点。</p>',
  },
];

export const noticesDemo: DemoPart = {
  // its readers read it in 系统中心's 站内信
  menus: ['center'],
  protocols: [],
  async seed(ctx, operator) {
    const service = new NoticeService(ctx.db);
    const published = new Set((await service.page(operator, { limit: 100, offset: 0 })).rows.map((n) => n.title));
    let created = 0;
    for (const n of DEMO_NOTICES) {
      if (published.has(n.title)) continue;
      await service.publish(operator, { ...n, accountIds: [operator.accountId] });
      created++;
    }
    return created;
  },
  drive: () => [],
};
