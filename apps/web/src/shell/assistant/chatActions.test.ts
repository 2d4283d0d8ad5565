import { describe, expect, it } from 'vitest';
import { resolveChatAction } from './chatActions.ts';

describe('assistant chat actions (spec §1)', () => {
  it('opens playback in a new tab without the layout', () => {
    expect(resolveChatAction({ type: 'playback', vehicleId: 12 })).toEqual({
      kind: 'newTab',
      url: '/car/playback?urlType=blank&vehicleId=12',
    });
  });
  it('opens the vehicle dialog for detail and location/follow', () => {
    expect(resolveChatAction({ type: 'vehicleDetail', vehicleId: '7' })).toEqual({ kind: 'vehicle', vehicleId: '7', tab: '' });
    expect(resolveChatAction({ type: 'location', vehicleId: '7' })).toEqual({ kind: 'vehicle', vehicleId: '7', tab: 'follow' });
  });
  it('navigates to the data-report pages', () => {
    expect(resolveChatAction({ type: 'mileageReport', vehicleId: 1 })).toEqual({
      kind: 'navigate',
      path: '/data-report/dataReport/mileageReport?vehicleId=1',
    });
    expect(resolveChatAction({ type: 'alarmDetail', vehicleId: 1 }).kind).toBe('navigate');
    expect(resolveChatAction({ type: 'onlineDetail' })).toEqual({ kind: 'navigate', path: '/data-report/dataReport/carDayOnline' });
  });
  it('reports unknown types for logging only', () => {
    expect(resolveChatAction({ type: 'launchRocket', vehicleId: 1 })).toEqual({ kind: 'unknown', type: 'launchRocket' });
  });
});
