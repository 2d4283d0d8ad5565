/**
 * A short two-tone alarm beep made with WebAudio (no sound file to download). Browsers only
 * allow audio after a user gesture on the page; before that, play() quietly does nothing.
 */
let context: AudioContext | null = null;
export let beepCount = 0;

export function playAlarmBeep(): boolean {
  try {
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return false;
    context ??= new Ctx();
    if (context.state === 'suspended') void context.resume();
    const start = context.currentTime;
    for (const [offset, freq] of [
      [0, 880],
      [0.22, 660],
    ] as const) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = 'sine';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.18);
      osc.connect(gain).connect(context.destination);
      osc.start(start + offset);
      osc.stop(start + offset + 0.2);
    }
    beepCount += 1;
    document.documentElement.dataset.alarmBeeps = String(beepCount);
    return true;
  } catch {
    return false;
  }
}
