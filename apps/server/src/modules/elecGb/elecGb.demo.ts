/**
 * The demo's 新国标 registry: seven bikes in every review state, made through the services the
 * pages and the owner's public form use. Five carry the demo e-bikes' modules (their GT06
 * trackers, so the battery board, the online rate and the GB alarms are live); one of them has a
 * swapped pack (电池与控制器不匹配). Owners declare through the QR form: one declaration waits for
 * review, one was approved, one rejected. Registered one a day over the past week.
 */
import type { GbBikeForm } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { scopeParam } from '../../core/accountScope.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import type { DemoPart } from '../feature.ts';
import { demoEbikes } from '../elecCar/elecCar.demo.ts';
import { demoIdNumber } from '../terminals/terminals.demo.ts';
import { reviewDeclaration, submitDeclaration } from './declare.service.ts';
import { gbBikesQueries } from './gbBikes.queries.ts';
import { addGbBike } from './gbBikes.service.ts';

/** What happens to a bike after the operator registers it. */
type Story = 'entered' | 'declarationPending' | 'declarationApproved' | 'declarationRejected' | 'awaitingOwner';

export interface DemoGbBike {
  frameNo: string;
  story: Story;
  /** The demo e-bike whose tracker is its module (index into demoEbikes()), or none. */
  ebike: number | null;
  form: Omit<GbBikeForm, 'frameNo' | 'terminalId'>;
  /** The owner's declaration through the QR form (stories declaration…). */
  declaration?: { ownerName: string; ownerPhone: string; ownerIdNo: string; useType: string; plate: string };
}

/** The pack the simulated tracker's BMS reports (its barcode, packages/simulator ebikeTerminal.ts). */
const packOf = (imei: string) => `CL${imei.slice(-14)}`;

const BASE = { brand: '雅迪', model: 'DE3', batteryType: 'lithium', batteryVoltage: 48, batteryCapacity: 20 };

export function demoGbBikes(): DemoGbBike[] {
  const ebikes = demoEbikes();
  const owner = (n: number, name: string, phone: string) => ({ ownerName: name, ownerPhone: phone, ownerIdNo: demoIdNumber(n) });
  const bound = (i: number) => ({
    plate: ebikes[i]!.plate,
    batteryCode: packOf(ebikes[i]!.spec.id),
    cccCert: `2024011119${String(600_100 + i)}`,
  });
  return [
    {
      frameNo: 'YD2025DE3000101',
      story: 'entered',
      ebike: 0,
      form: { ...BASE, ...bound(0), ...owner(1, '周晓明', '13800138101'), useType: 'personal', positioningConsent: true },
    },
    {
      frameNo: 'YD2025DE3000102',
      story: 'entered',
      ebike: 1,
      // The pack was swapped for one not registered: 电池与控制器不匹配.
      form: {
        ...BASE,
        ...bound(1),
        batteryCode: 'CL00000000000000',
        ...owner(2, '吴海燕', '13800138102'),
        useType: 'rental',
        positioningConsent: true,
      },
    },
    {
      frameNo: 'YD2025DE3000103',
      story: 'entered',
      ebike: 2,
      form: { ...BASE, ...bound(2), ...owner(3, '郑国华', '13800138103'), useType: 'logistics', positioningConsent: true },
    },
    {
      frameNo: 'YD2025DE3000104',
      story: 'declarationPending',
      ebike: 3,
      form: { ...BASE, ...bound(3), plate: '' },
      declaration: { ...owner(4, '孙丽娟', '13800138104'), useType: 'personal', plate: ebikes[3]!.plate },
    },
    {
      frameNo: 'YD2025DE3000105',
      story: 'declarationApproved',
      ebike: 4,
      form: { ...BASE, ...bound(4), plate: '' },
      declaration: { ...owner(5, '冯建军', '13800138105'), useType: 'logistics', plate: ebikes[4]!.plate },
    },
    {
      frameNo: 'AM2025X5000106',
      story: 'declarationRejected',
      ebike: null,
      form: { ...BASE, brand: '爱玛', model: 'X5', cccCert: '2024011119601006' },
      declaration: { ...owner(6, '何', '13800138106'), useType: 'personal', plate: '' },
    },
    {
      frameNo: 'TL2025K8000107',
      story: 'awaitingOwner',
      ebike: null,
      // No CCC number yet and no owner: 待审核 and not compliant until the owner declares.
      form: { ...BASE, brand: '台铃', model: 'K8', batteryType: 'leadAcid', batteryCapacity: 24 },
    },
  ];
}

/** The registrations not there yet (by frame number), each taken through its story. Returns the bikes created. */
export async function seedDemoGbBikes(ctx: AppContext, operator: SessionUser, bikes: readonly DemoGbBike[]): Promise<number> {
  const { db, bus } = ctx;
  const ebikes = demoEbikes();
  const have = new Set(
    (
      await gbBikesQueries.clashes(
        db,
        bikes.map((b) => b.frameNo),
        [],
        [],
      )
    ).map((r) => r.frame_no),
  );
  let created = 0;
  for (const b of bikes) {
    if (have.has(b.frameNo)) continue;
    try {
      const terminalId = b.ebike === null ? '' : ebikes[b.ebike]!.spec.id;
      const bikeId = await addGbBike(db, bus, operator, { ...b.form, frameNo: b.frameNo, terminalId });
      created++;
      // Registered over the past week, one a day (the last today): 统计分析's 新增备案 is a week's, not one day's.
      const daysAgo = bikes.length - 1 - bikes.indexOf(b);
      await db.query(`UPDATE elec_gb_bikes SET created_at = created_at - make_interval(days => $2) WHERE id = $1`, [bikeId, daysAgo]);
      if (!b.declaration) continue;
      const bike = (await gbBikesQueries.visible(db, scopeParam(operator), bikeId))!;
      const { declarationId } = await submitDeclaration(
        db,
        { t: bike.declare_token, ...b.declaration, positioningConsent: true },
        // The owners' phones, one address each (the form allows 5 submissions an address in 10 minutes).
        `demo-owner-${b.frameNo}`,
      );
      if (b.story === 'declarationApproved') await reviewDeclaration(db, bus, operator, declarationId, true, '资料齐全，准予备案');
      if (b.story === 'declarationRejected') await reviewDeclaration(db, bus, operator, declarationId, false, '车主姓名不完整，请重新申报');
    } catch (err) {
      ctx.log.warn({ frameNo: b.frameNo, msg: (err as Error).message }, '演示新国标备案未创建');
    }
  }
  return created;
}

/** Only data: the modules are the demo e-bikes' trackers, which 电单车卫士's part drives. */
export const elecGbDemo: DemoPart = {
  menus: ['gb'],
  protocols: ['gt06'],
  seed: (ctx, operator) => seedDemoGbBikes(ctx, operator, demoGbBikes()),
  drive: () => [],
};
