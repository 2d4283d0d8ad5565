import { accountEndpoints, terminalEndpoints } from '@chelian/contracts';
import {
  ApartmentOutlined,
  FileSearchOutlined,
  HddOutlined,
  NotificationOutlined,
  SafetyCertificateOutlined,
  SkinOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { ProductHome } from '../../shared/home/ProductHome.tsx';
import { useHomeRefresh, useHomeSource } from '../../shared/home/useHomeSource.ts';
import type { HomeFigure, HomeShortcut } from '../../shared/home/homeItems.ts';
import { homeMessages as H } from '../../shared/i18n/home.ts';
import { CHILD } from '../../child/childContext.ts';
import { useOpenShellPath } from '../../child/pages/useOpenShellPath.ts';

const SHORTCUTS: HomeShortcut[] = [
  { menu: 'system:terminal', icon: <HddOutlined /> },
  { menu: 'system:account', icon: <ApartmentOutlined /> },
  { menu: 'system:user', icon: <UserOutlined /> },
  { menu: 'system:role', icon: <SafetyCertificateOutlined /> },
  { menu: 'system:notice', icon: <NotificationOutlined /> },
  { menu: 'system:audit', icon: <FileSearchOutlined /> },
  { menu: 'system:branding', icon: <SkinOutlined /> },
];
/** 终端管理's tab, as its list asks (TerminalPage's tabFilter): the figure is that tab's 共 N 条. */
const TERMINALS = { current: 1, pageSize: 1 };
const EXPIRING_DAYS = 30;

/** 系统管理's home: 账户管理's accounts and 终端管理's terminals by tab (全部, 库存, 已分配, 30 天内到期). */
export function SystemHome() {
  const refresh = useHomeRefresh();
  const open = useOpenShellPath();
  const { tick } = refresh;
  const accounts = useHomeSource(accountEndpoints.accountList, undefined, ['system:account'], tick);
  const all = useHomeSource(terminalEndpoints.list, TERMINALS, ['system:terminal'], tick);
  const stock = useHomeSource(terminalEndpoints.list, { ...TERMINALS, assigned: false }, ['system:terminal'], tick);
  const assigned = useHomeSource(terminalEndpoints.list, { ...TERMINALS, assigned: true }, ['system:terminal'], tick);
  const expiring = useHomeSource(terminalEndpoints.list, { ...TERMINALS, expiring: EXPIRING_DAYS }, ['system:terminal'], tick);
  const total = (page: { total: number } | null | undefined) => page && page.total;
  const figures: HomeFigure[] = [
    { key: 'accounts', label: H.system.accounts, value: accounts && accounts.length, menu: 'system:account' },
    { key: 'terminals', label: H.system.terminals, value: total(all), menu: 'system:terminal' },
    { key: 'stock', label: H.system.stock, value: total(stock), menu: 'system:terminal', search: '?tab=stock', tone: 'muted' },
    {
      key: 'assigned',
      label: H.system.assigned,
      value: total(assigned),
      menu: 'system:terminal',
      search: '?tab=assigned',
      tone: 'success',
    },
    {
      key: 'expiring',
      label: H.system.expiring,
      value: total(expiring),
      menu: 'system:terminal',
      search: `?expiring=${EXPIRING_DAYS}`,
      tone: 'warning',
      tip: H.system.expiringTip,
    },
  ];
  return <ProductHome title={CHILD.sys.title} figures={figures} shortcuts={SHORTCUTS} refresh={refresh} onOpen={open} />;
}
