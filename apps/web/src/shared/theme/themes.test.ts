import { describe, expect, it } from 'vitest';
import { THEME_NAMES } from '@chelian/contracts';
import { antdTheme, DEFAULT_PRIMARY, THEMES, themeColors, themeCssVars } from './themes.ts';

describe('themes', () => {
  it('has the four spec themes with seven colours each', () => {
    expect(Object.keys(THEMES).sort()).toEqual([...THEME_NAMES].sort());
    for (const t of Object.values(THEMES)) {
      expect(Object.keys(t)).toHaveLength(7);
      for (const c of Object.values(t)) expect(c).toMatch(/^#[0-9A-F]{6}$/i);
    }
  });
  it('uses #1265E0 as the default primary and falls back to default', () => {
    expect(THEMES.default.primary).toBe(DEFAULT_PRIMARY);
    expect(DEFAULT_PRIMARY).toBe('#1265E0');
    expect(themeColors('nope')).toBe(THEMES.default);
    expect(themeColors('green')).toBe(THEMES.green);
  });
  it('maps colours to CSS variables and antd tokens', () => {
    const vars = themeCssVars(THEMES.blue);
    expect(vars['--cl-primary']).toBe(THEMES.blue.primary);
    expect(Object.keys(vars)).toHaveLength(7);
    expect(antdTheme(THEMES.green).token?.colorPrimary).toBe(THEMES.green.primary);
  });
});
