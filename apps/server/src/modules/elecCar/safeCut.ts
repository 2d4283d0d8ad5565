import { SAFE_CUT_MAX_KMH } from '@chelian/contracts';

/** What the platform last knew of a bike when deciding on a cut. */
export interface CutConditions {
  online: boolean;
  /** the latest position; null when the bike never reported one */
  position: { valid: boolean; speed: number; acc: boolean | null } | null;
}

export type CutVerdict = { safe: true } | { safe: false; reason: string };

/**
 * The safe power cut (spec notes §3, after MiCODUS `RELAY,2#`): the motor's power is cut only when
 * the latest fix shows the bike under 20 km/h, or its ACC (the key) is off — then the motor draws
 * nothing and a cut changes nothing for the rider. An offline bike, one without a fix, or one
 * without any position waits: the platform cannot tell how fast it goes.
 */
export function cutVerdict(c: CutConditions): CutVerdict {
  if (!c.online) return { safe: false, reason: '车辆离线，待车辆上线并确认车速后执行' };
  const p = c.position;
  if (!p) return { safe: false, reason: '车辆尚未上报位置，待确认车速后执行' };
  if (p.acc === false) return { safe: true };
  if (!p.valid) return { safe: false, reason: '车辆暂无卫星定位，待定位确认车速后执行' };
  if (p.speed < SAFE_CUT_MAX_KMH) return { safe: true };
  return { safe: false, reason: `车辆正在行驶（${Math.round(p.speed)} km/h），车速低于 ${SAFE_CUT_MAX_KMH} km/h 后执行` };
}
