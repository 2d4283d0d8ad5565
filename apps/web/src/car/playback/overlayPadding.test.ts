import { describe, expect, it } from 'vitest';
import { OVERLAY_AIR_PX, playbackPadding } from './overlayPadding.ts';

describe('playbackPadding: the part of the map nothing floats over', () => {
  it('keeps the band under the summary and the one from the player bar down, with air', () => {
    expect(playbackPadding({ mapHeight: 426, summaryBottom: 92, controlsTop: 362 })).toEqual({
      top: 92 + OVERLAY_AIR_PX,
      bottom: 64 + OVERLAY_AIR_PX,
      left: 0,
      right: 0,
    });
  });
  it('pads nothing for what is not drawn (no track yet: no summary)', () => {
    expect(playbackPadding({ mapHeight: 426, summaryBottom: null, controlsTop: 362 }).top).toBe(0);
    expect(playbackPadding({ mapHeight: 426, summaryBottom: null, controlsTop: null }).bottom).toBe(0);
  });
});
