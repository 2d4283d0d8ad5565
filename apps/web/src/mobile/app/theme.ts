import { prefixedKey } from '../../shared/storage/storage.ts';
import { runtimeConfig } from '../../shared/config/runtimeConfig.ts';

/** 跟随系统, or the user's own choice; kept on the phone across restarts. */
export type DarkMode = 'system' | 'light' | 'dark';
export const DARK_MODES: readonly DarkMode[] = ['system', 'light', 'dark'];

const key = () => prefixedKey(runtimeConfig().systemName, 'mobileDarkMode');
const systemDark = () => typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;

export function readDarkMode(): DarkMode {
  const value = localStorage.getItem(key());
  return DARK_MODES.includes(value as DarkMode) ? (value as DarkMode) : 'system';
}

export function isDark(mode: DarkMode = readDarkMode()): boolean {
  return mode === 'dark' || (mode === 'system' && systemDark());
}

/** antd-mobile's dark palette hangs on this attribute of <html>; our own CSS reads it too. */
export function applyDarkMode(mode: DarkMode = readDarkMode()): void {
  const dark = isDark(mode);
  document.documentElement.setAttribute('data-prefers-color-scheme', dark ? 'dark' : 'light');
  document.querySelector('meta[name="theme-color"]:not([media])')?.setAttribute('content', dark ? '#141414' : '#1677ff');
}

export function setDarkMode(mode: DarkMode): void {
  localStorage.setItem(key(), mode);
  applyDarkMode(mode);
}

/** Follows the system's switch while the choice is 跟随系统. */
export function followSystemDarkMode(): void {
  if (typeof matchMedia !== 'function') return;
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    if (readDarkMode() === 'system') applyDarkMode('system');
  });
}
