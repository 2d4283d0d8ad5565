/** Sub-system catalogue of spec §2/§3: platform ids, entry paths and titles. */
export interface SubSystem {
  platformId: number;
  systemId: string;
  name: string;
  title: string;
  path: string;
  icon: string;
  iconfont: string;
  productionEntry: string;
  developmentEntry: string;
  created: string;
  enabled: boolean;
}

export const DEFAULT_PLATFORM_ID = 1;

export const SUB_SYSTEMS: readonly SubSystem[] = [
  sys(8, 'car', '智能车联', 'car', 'icon-car', '2023-03-15'),
  sys(11, 'card', '智能工牌', 'card', 'icon-card', '2023-06-20'),
  sys(12, 'system', '系统管理', 'system', 'icon-setting', '2023-04-10'),
  sys(13, 'pet', '宠物卫士', 'pet', 'icon-pet', '2023-09-05'),
  sys(17, 'dataCenter', '数据中心', 'dataCenter', 'icon-data', '2024-01-18'),
  sys(18, 'elec-car', '电单车卫士', 'elec-car', 'icon-ebike', '2024-03-22'),
  sys(20, 'data-report', '数据报表', 'data-report', 'icon-report', '2024-05-30'),
  sys(23, 'elec-lease', '电单车租赁', 'elec-lease', 'icon-lease', '2024-08-12'),
  sys(26, 'elec-gb', '新国标', 'elec-gb', 'icon-gb', '2024-11-06'),
];

function sys(platformId: number, systemId: string, title: string, path: string, iconfont: string, created: string): SubSystem {
  return {
    platformId,
    systemId,
    name: systemId,
    title,
    path: `/${path}/`,
    icon: `/brand/systems/${systemId}.svg`,
    iconfont,
    productionEntry: `/child/${systemId}/`,
    developmentEntry: `/child/${systemId}/`,
    created,
    enabled: true,
  };
}

export function subSystemByPath(pathname: string): SubSystem | undefined {
  return SUB_SYSTEMS.find((s) => pathname === s.path.slice(0, -1) || pathname.startsWith(s.path));
}
