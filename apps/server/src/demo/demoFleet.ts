/**
 * The demo fleet: about fifty vehicles of a Shenzhen company in three groups, spread over the
 * three terminal protocols, and a few e-bikes (GT06 e-bike trackers) for 电单车卫士. One plan, used both to seed the database and to run the simulated
 * terminals, so the two always agree on identifiers and plates.
 */
import type { ProtocolName } from '@chelian/protocols';
import { cityByName, plateFor, seedFor, terminalIdentifier, type TerminalSpec } from '@chelian/simulator';

export const DEMO_ACCOUNT_NAME = '演示车队';
export const DEMO_ROLE_NAME = '演示角色';
export const DEMO_USERNAME = 'demo';
/** Two digits inside every demo identifier, apart from what `npm run simulate` uses by default. */
const DEMO_ID_BLOCK = 88;
const DEMO_SEED = 2026;

const GROUPS: ReadonlyArray<{ name: string; mix: Array<[ProtocolName, number]>; kind?: 'ebike' }> = [
  { name: '城区配送', mix: [['jt808', 14], ['gt06', 6]] },
  { name: '冷链运输', mix: [['jt808', 10], ['h02', 5]] },
  { name: '网约车', mix: [['gt06', 10], ['h02', 5]] },
  // GT06 e-bike trackers (0xF1 status, 0x40 BMS): 电单车卫士 shows them live.
  { name: '电单车', mix: [['gt06', 5]], kind: 'ebike' },
];
export const DEMO_GROUP_NAMES = GROUPS.map((g) => g.name);

const MODELS: Record<ProtocolName, string> = { jt808: 'CL-808S', gt06: 'GT06N', h02: 'H02-4G', watch: 'S8-4G' };
const SURNAMES = ['张', '王', '李', '赵', '陈', '刘', '杨', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭'];

/** The demo e-bikes' 电单车卫士 profile (48 V, 20 Ah: the simulator's pack). */
export const DEMO_EBIKE_PROFILE = { brand: '雅迪', model: 'DE3', frameNo: '', motorNo: '', batteryVoltage: 48, batteryCapacity: 20 };

export interface DemoVehicle {
  group: string;
  plate: string;
  driver: string;
  driverPhone: string;
  model: string;
  sim: string;
  spec: TerminalSpec;
}

export function demoFleet(): DemoVehicle[] {
  const city = cityByName('深圳')!;
  const out: DemoVehicle[] = [];
  for (const group of GROUPS) {
    for (const [protocol, count] of group.mix) {
      for (let n = 0; n < count; n++) {
        const i = out.length;
        const kind = group.kind ?? 'vehicle';
        const id = terminalIdentifier(protocol, DEMO_ID_BLOCK, i + 1, kind);
        // E-bikes carry a local e-bike plate (深圳 + number), not a car plate.
        const plate = kind === 'ebike' ? `深圳${String(10_001 + n)}` : plateFor(city, i, DEMO_SEED);
        out.push({
          group: group.name,
          plate,
          driver: `${SURNAMES[i % SURNAMES.length]}师傅`,
          driverPhone: `139${String(26_000_000 + i * 7_919).padStart(8, '0')}`,
          model: kind === 'ebike' ? 'EB-GT06' : MODELS[protocol],
          sim: `1440${String(880_000_000 + i).padStart(9, '0')}`,
          spec: { protocol, kind, id, city, seed: seedFor(DEMO_SEED, i), plate },
        });
      }
    }
  }
  return out;
}
