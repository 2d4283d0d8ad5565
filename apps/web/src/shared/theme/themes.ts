import type { ThemeConfig } from 'antd';
import { THEME_NAMES, type ThemeName } from '@chelian/contracts';

/** The seven colour variables of spec §3. */
export interface ThemeColors {
  primary: string;
  headerBg: string;
  navBg: string;
  navText: string;
  hover: string;
  activeBg: string;
  activeFont: string;
}

export const DEFAULT_PRIMARY = '#1265E0';

export const THEMES: Record<ThemeName, ThemeColors> = {
  default: {
    primary: DEFAULT_PRIMARY,
    headerBg: '#1265E0',
    navBg: '#FFFFFF',
    navText: '#1F2937',
    hover: '#E8F0FC',
    activeBg: '#E8F0FC',
    activeFont: '#1265E0',
  },
  origin: {
    primary: '#1677FF',
    headerBg: '#001529',
    navBg: '#001529',
    navText: '#C9D1DC',
    hover: '#0C2C4F',
    activeBg: '#1677FF',
    activeFont: '#FFFFFF',
  },
  blue: {
    primary: '#2F54EB',
    headerBg: '#10239E',
    navBg: '#F0F5FF',
    navText: '#1D2A57',
    hover: '#D6E4FF',
    activeBg: '#2F54EB',
    activeFont: '#FFFFFF',
  },
  green: {
    primary: '#0E9F6E',
    headerBg: '#067A55',
    navBg: '#FFFFFF',
    navText: '#1F3B30',
    hover: '#E3F6EE',
    activeBg: '#D1F0E3',
    activeFont: '#067A55',
  },
};

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEME_NAMES as readonly string[]).includes(value);
}

export function themeColors(name: unknown): ThemeColors {
  return THEMES[isThemeName(name) ? name : 'default'];
}

const CSS_VARS: Record<keyof ThemeColors, string> = {
  primary: '--cl-primary',
  headerBg: '--cl-header-bg',
  navBg: '--cl-nav-bg',
  navText: '--cl-nav-text',
  hover: '--cl-hover',
  activeBg: '--cl-active-bg',
  activeFont: '--cl-active-font',
};

export function themeCssVars(colors: ThemeColors): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(CSS_VARS) as (keyof ThemeColors)[]) out[CSS_VARS[key]] = colors[key];
  return out;
}

/** The same colours as Ant Design tokens, so antd components follow the theme. */
export function antdTheme(colors: ThemeColors): ThemeConfig {
  return {
    token: { colorPrimary: colors.primary, colorLink: colors.primary, borderRadius: 6 },
    components: {
      Layout: { headerBg: colors.headerBg, siderBg: colors.navBg, headerHeight: 56, headerPadding: '0 20px' },
      Menu: {
        itemBg: colors.navBg,
        subMenuItemBg: colors.navBg,
        itemColor: colors.navText,
        itemHoverBg: colors.hover,
        itemHoverColor: colors.navText,
        itemSelectedBg: colors.activeBg,
        itemSelectedColor: colors.activeFont,
        horizontalItemSelectedColor: colors.activeFont,
      },
    },
  };
}
