/**
 * A short two-tone alarm beep made with WebAudio (no sound file to download). Browsers only
 * allow audio after a user gesture on the page; before that, play() quietly does nothing.
 *
 * The context runs only while a beep sounds: a running AudioContext keeps the audio device open
 * and the browser's audio thread busy however silent it is (~1 % of a core in Chromium's audio
 * service on every page, all day, once one alarm had beeped). It is suspended once the last beep
 * has ended and resumed for the next.
 */
let context: AudioContext | null = null;
let suspendTimer: ReturnType<typeof setTimeout> | null = null;
export let beepCount = 0;

/** The two tones: when each starts after the beep's start (s) and its pitch (Hz); each lasts TONE_SECONDS. */
const TONES = [
  [0, 880],
  [0.22, 660],
] as const;
const TONE_SECONDS = 0.2;
/** After a beep, the context is suspended this much later: the tones' 0.42 s and room for a slow resume. */
export const SUSPEND_AFTER_MS = 1500;

export function playAlarmBeep(): boolean {
  try {
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return false;
    const ctx = (context ??= new Ctx());
    if (ctx.state === 'suspended') ctx.resume().catch(() => {});
    const start = ctx.currentTime;
    for (const [offset, freq] of TONES) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.18);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start + offset);
      osc.stop(start + offset + TONE_SECONDS);
    }
    if (suspendTimer !== null) clearTimeout(suspendTimer);
    suspendTimer = setTimeout(() => {
      suspendTimer = null;
      ctx.suspend().catch(() => {});
    }, SUSPEND_AFTER_MS);
    beepCount += 1;
    document.documentElement.dataset.alarmBeeps = String(beepCount);
    return true;
  } catch {
    return false;
  }
}
