import { describe, expect, it } from 'vitest';
import { cutVerdict } from './safeCut.ts';

const fix = (speed: number, acc: boolean | null = true) => ({ valid: true, speed, acc });

describe('the safe power cut rule', () => {
  it('cuts a bike standing still or slower than 20 km/h', () => {
    expect(cutVerdict({ online: true, position: fix(0) })).toEqual({ safe: true });
    expect(cutVerdict({ online: true, position: fix(19.9) })).toEqual({ safe: true });
  });

  it('waits while the bike goes 20 km/h or faster', () => {
    expect(cutVerdict({ online: true, position: fix(20) })).toEqual({
      safe: false,
      reason: '车辆正在行驶（20 km/h），车速低于 20 km/h 后执行',
    });
    expect(cutVerdict({ online: true, position: fix(35.4) })).toMatchObject({ safe: false });
  });

  it('cuts whatever the speed once the key (ACC) is off: the motor draws nothing', () => {
    expect(cutVerdict({ online: true, position: fix(30, false) })).toEqual({ safe: true });
    expect(cutVerdict({ online: true, position: { valid: false, speed: 0, acc: false } })).toEqual({ safe: true });
  });

  it('waits when it cannot know the speed: offline, no fix, no position', () => {
    expect(cutVerdict({ online: false, position: fix(0) })).toEqual({ safe: false, reason: '车辆离线，待车辆上线并确认车速后执行' });
    expect(cutVerdict({ online: true, position: { valid: false, speed: 0, acc: true } })).toEqual({
      safe: false,
      reason: '车辆暂无卫星定位，待定位确认车速后执行',
    });
    expect(cutVerdict({ online: true, position: null })).toMatchObject({ safe: false, reason: '车辆尚未上报位置，待确认车速后执行' });
  });
});
