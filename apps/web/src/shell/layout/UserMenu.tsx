import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { BgColorsOutlined, CheckOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { App } from 'antd';
import { THEME_NAMES } from '@chelian/contracts';
import { isLoggedIn, useClientStore } from '../../shared/stores/clientStore.ts';
import { THEMES } from '../../shared/theme/themes.ts';
import { T } from '../../shared/i18n/messages.ts';
import { logout } from '../session/sessionActions.ts';
import { securityEndpoints } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';

/** User menu: theme, system centre, logout. */
export function UserMenu() {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const user = useClientStore((s) => s.user);
  const loggedIn = useClientStore((s) => isLoggedIn(s));
  const themeValue = useClientStore((s) => s.themeValue);

  if (!loggedIn || !user) {
    return (
      <Button type="primary" ghost className="cl-header-login" onClick={() => navigate('/login')}>
        {T.request.login}
      </Button>
    );
  }

  const items: MenuProps['items'] = [
    {
      key: 'theme',
      icon: <BgColorsOutlined />,
      label: T.layout.theme,
      children: THEME_NAMES.map((name) => ({
        key: `theme:${name}`,
        label: (
          <span className="cl-theme-option" data-theme-option={name}>
            <span className="cl-theme-swatch" style={{ background: THEMES[name].primary }} />
            <span className="cl-theme-swatch" style={{ background: THEMES[name].headerBg }} />
            {T.themes[name]}
            {name === themeValue && <CheckOutlined style={{ marginLeft: 8, color: THEMES[name].primary }} />}
          </span>
        ),
      })),
    },
    { key: 'center', icon: <SettingOutlined />, label: T.layout.center },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: T.layout.logout, danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith('theme:')) {
      const name = key.slice(6) as (typeof THEME_NAMES)[number];
      useClientStore.getState().update({ themeValue: name });
      void call(securityEndpoints.updateTheme, { theme: name }, { silent: true }).catch(() => undefined);
    } else if (key === 'center') navigate('/center/notice');
    else if (key === 'logout') {
      modal.confirm({
        title: T.layout.logout,
        content: T.layout.logoutConfirm,
        okText: T.common.ok,
        cancelText: T.common.cancel,
        onOk: async () => {
          await logout();
          navigate('/login');
        },
      });
    }
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <button type="button" className="cl-user-trigger" data-testid="user-menu">
        <Avatar size={28} src={user.chatLogo || undefined} icon={<UserOutlined />} />
        <span className="cl-user-name">{user.name || user.username}</span>
      </button>
    </Dropdown>
  );
}
