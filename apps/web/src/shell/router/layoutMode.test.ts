import { describe, expect, it } from 'vitest';
import { layoutMode } from './layoutMode.ts';

describe('layout rules (spec §2)', () => {
  it('shows the main layout on sub-product paths', () => {
    expect(layoutMode('/car/', '', undefined)).toBe('main');
    expect(layoutMode('/data-report/dataReport/mileageReport', '', undefined)).toBe('main');
    expect(layoutMode('/car/playback', '?vehicleId=1', undefined)).toBe('main');
  });
  it('opens /car/playback?urlType=blank without the layout', () => {
    expect(layoutMode('/car/playback', '?urlType=blank&vehicleId=3', undefined)).toBe('bare');
  });
  it('shows shell routes bare, hides on /login, and honours main pages', () => {
    expect(layoutMode('/home', '', { title: '首页' })).toBe('bare');
    expect(layoutMode('/center/notice', '', {})).toBe('bare');
    expect(layoutMode('/login', '', { hideLayout: true })).toBe('hidden');
    expect(layoutMode('/404', '', { mainPage: true })).toBe('main');
  });
});
