import { productHomeEndpoints } from '@chelian/contracts';
import { EnvironmentOutlined, FireOutlined, LineChartOutlined, ProfileOutlined, SafetyOutlined } from '@ant-design/icons';
import { ProductHome } from '../../shared/home/ProductHome.tsx';
import { useHomeRefresh, useHomeSource } from '../../shared/home/useHomeSource.ts';
import type { HomeFigure, HomeShortcut } from '../../shared/home/homeItems.ts';
import { homeMessages as H } from '../../shared/i18n/home.ts';
import { CHILD } from '../../child/childContext.ts';
import { useOpenShellPath } from '../../child/pages/useOpenShellPath.ts';

const SHORTCUTS: HomeShortcut[] = [
  { menu: 'pet:monitor', icon: <EnvironmentOutlined /> },
  { menu: 'pet:fence', icon: <SafetyOutlined /> },
  { menu: 'pet:activity', icon: <LineChartOutlined /> },
  { menu: 'pet:history', icon: <FireOutlined /> },
  { menu: 'pet:profile', icon: <ProfileOutlined /> },
];

/** 宠物卫士's home: its pets as 宠物档案 lists them, online and low as 宠物定位 shows, in or out of their 安全区域. */
export function PetHome() {
  const refresh = useHomeRefresh();
  const open = useOpenShellPath();
  const home = useHomeSource(productHomeEndpoints.pet, undefined, ['pet:profile', 'pet:monitor', 'pet:fence'], refresh.tick);
  const v = (pick: (h: NonNullable<typeof home>) => number) => (home ? pick(home) : home);
  const figures: HomeFigure[] = [
    { key: 'pets', label: H.pet.pets, value: v((h) => h.pets), menu: 'pet:profile' },
    { key: 'online', label: H.pet.online, value: v((h) => h.online), menu: 'pet:monitor', tone: 'success' },
    { key: 'inside', label: H.pet.inside, value: v((h) => h.inside), menu: 'pet:fence', tone: 'success' },
    { key: 'outside', label: H.pet.outside, value: v((h) => h.outside), menu: 'pet:fence', tone: 'danger' },
    {
      key: 'lowBattery',
      label: H.pet.lowBattery,
      value: v((h) => h.lowBattery),
      menu: 'pet:monitor',
      tone: 'warning',
      tip: H.pet.lowBatteryTip,
    },
  ];
  return <ProductHome title={CHILD.sys.title} figures={figures} shortcuts={SHORTCUTS} refresh={refresh} onOpen={open} />;
}
