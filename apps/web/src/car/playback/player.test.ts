import { afterEach, describe, expect, it, vi } from 'vitest';
import { BASE_RATE, Player } from './player.ts';

describe('playback clock', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('advances track time by BASE_RATE × speed per real second, stops at the end, and seeks', () => {
    let now = 0;
    const frames: Array<(t: number) => void> = [];
    vi.stubGlobal('performance', { now: () => now });
    vi.stubGlobal('requestAnimationFrame', (cb: (t: number) => void) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const player = new Player(0, 10 * 60_000);
    player.setSpeed(2);
    player.play();
    now = 100;
    frames.shift()!(now);
    expect(player.snapshot.time).toBe(100 * BASE_RATE * 2);
    for (let i = 0; i < 100; i++) {
      now += 100;
      frames.shift()?.(now);
    }
    expect(player.snapshot).toMatchObject({ time: 10 * 60_000, playing: false });
    player.seek(-5);
    expect(player.snapshot.time).toBe(0);
  });
});
