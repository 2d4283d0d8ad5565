import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUSPEND_AFTER_MS, playAlarmBeep } from './beep.ts';

/** Enough of WebAudio to hear what the beep asks of it: tones scheduled, and the context's state. */
class FakeAudioContext {
  static made = 0;
  static last: FakeAudioContext | null = null;
  state: 'running' | 'suspended' = 'running';
  currentTime = 0;
  readonly destination = {};
  readonly tones: Array<{ start: number; stop: number; freq: number }> = [];
  constructor() {
    FakeAudioContext.made++;
    FakeAudioContext.last = this;
  }
  createOscillator() {
    const tone = { start: 0, stop: 0, freq: 0 };
    this.tones.push(tone);
    return {
      type: '',
      frequency: {
        set value(v: number) {
          tone.freq = v;
        },
      },
      connect: (node: unknown) => node,
      start: (at: number) => (tone.start = at),
      stop: (at: number) => (tone.stop = at),
    };
  }
  createGain() {
    return {
      gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
      connect: (node: unknown) => node,
    };
  }
  async resume() {
    this.state = 'running';
  }
  async suspend() {
    this.state = 'suspended';
  }
}

describe('the alarm beep', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeAudioContext.made = 0;
    vi.stubGlobal('window', { AudioContext: FakeAudioContext });
    vi.stubGlobal('document', { documentElement: { dataset: {} as Record<string, string> } });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('plays two tones, then lets the audio device go until the next alarm', async () => {
    expect(playAlarmBeep()).toBe(true);
    const ctx = FakeAudioContext.last!;
    expect(ctx.tones.map((t) => t.freq)).toEqual([880, 660]);
    expect(Math.max(...ctx.tones.map((t) => t.stop)) * 1000).toBeLessThan(SUSPEND_AFTER_MS);
    expect(ctx.state).toBe('running');
    await vi.advanceTimersByTimeAsync(SUSPEND_AFTER_MS);
    expect(ctx.state).toBe('suspended');

    // The next alarm wakes the same context; a third before it is suspended again keeps it awake to its own end.
    expect(playAlarmBeep()).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(ctx.state).toBe('running');
    await vi.advanceTimersByTimeAsync(SUSPEND_AFTER_MS - 300);
    expect(playAlarmBeep()).toBe(true);
    await vi.advanceTimersByTimeAsync(SUSPEND_AFTER_MS - 300);
    expect(ctx.state).toBe('running');
    await vi.advanceTimersByTimeAsync(300);
    expect(ctx.state).toBe('suspended');
    expect(FakeAudioContext.made).toBe(1);
    expect((globalThis.document as unknown as Document).documentElement.dataset.alarmBeeps).toBe('3');
  });
});
