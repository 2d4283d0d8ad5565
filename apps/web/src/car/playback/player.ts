import { useSyncExternalStore } from 'react';

/** Track seconds per real second at 1×. */
export const BASE_RATE = 60;
export const SPEEDS = [1, 2, 4, 8, 16, 32, 64] as const;

export interface PlayerState {
  time: number;
  playing: boolean;
  speed: number;
}

/**
 * The playback clock, outside React: the marker and the scrubber follow it every frame while
 * the rest of the page (route, table) does not re-render.
 */
export class Player {
  private state: PlayerState;
  private readonly listeners = new Set<() => void>();
  private frame = 0;
  private last = 0;

  constructor(
    private start: number,
    private end: number,
  ) {
    this.state = { time: start, playing: false, speed: 8 };
  }

  get snapshot(): PlayerState {
    return this.state;
  }

  reset(start: number, end: number): void {
    this.pause();
    this.start = start;
    this.end = end;
    this.set({ time: start });
  }

  play(): void {
    if (this.state.playing) return;
    if (this.state.time >= this.end) this.state = { ...this.state, time: this.start };
    this.set({ playing: true });
    this.last = performance.now();
    const step = (now: number) => {
      const dt = Math.min(250, now - this.last);
      this.last = now;
      // track milliseconds per real millisecond
      const time = Math.min(this.end, this.state.time + Math.max(0, dt) * BASE_RATE * this.state.speed);
      this.set({ time, playing: time < this.end });
      if (time < this.end) this.frame = requestAnimationFrame(step);
    };
    this.frame = requestAnimationFrame(step);
  }

  pause(): void {
    cancelAnimationFrame(this.frame);
    if (this.state.playing) this.set({ playing: false });
  }

  seek(time: number): void {
    this.set({ time: Math.max(this.start, Math.min(this.end, time)) });
  }

  setSpeed(speed: number): void {
    this.set({ speed });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<PlayerState>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }
}

export function usePlayer(player: Player): PlayerState {
  return useSyncExternalStore(player.subscribe, () => player.snapshot);
}
