import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Dialog, List, NavBar, Selector } from 'antd-mobile';
import { useMobileSession } from './useMobileSession.ts';
import { endSession } from './session.ts';
import { readDarkMode, setDarkMode, type DarkMode } from './theme.ts';
import { LOGIN_PATH } from './navigation.ts';
import { M } from './texts.ts';

const DARK_OPTIONS: { label: string; value: DarkMode }[] = [
  { label: M.mine.darkFollow, value: 'system' },
  { label: M.mine.darkOff, value: 'light' },
  { label: M.mine.darkOn, value: 'dark' },
];

/** 我的: who is signed in, 深色模式, the desktop site, 退出登录. */
export function MinePage() {
  const user = useMobileSession((s) => s.ctx?.user);
  const clear = useMobileSession((s) => s.clear);
  const navigate = useNavigate();
  const [mode, setMode] = useState<DarkMode>(readDarkMode);

  const logout = async () => {
    if (!(await Dialog.confirm({ content: M.mine.logoutConfirm }))) return;
    await endSession();
    clear();
    void navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <div className="m-page">
      <NavBar back={null}>{M.mine.title}</NavBar>
      <div className="m-profile">
        <div className="m-avatar" aria-hidden="true">
          {(user?.name || user?.username || '?').slice(0, 1)}
        </div>
        <div>
          <div className="m-profile-name">{user?.name || user?.username}</div>
          <div className="m-muted">{user?.username}</div>
        </div>
      </div>
      <List>
        <List.Item extra={user?.accountName}>{M.mine.company}</List.Item>
        <List.Item extra={user?.roleName}>{M.mine.role}</List.Item>
        {user?.phone ? <List.Item extra={user.phone}>{M.mine.phone}</List.Item> : null}
      </List>
      <List header={M.mine.dark}>
        <List.Item>
          <Selector
            aria-label={M.mine.dark}
            columns={3}
            options={DARK_OPTIONS}
            value={[mode]}
            onChange={(v) => {
              if (!v[0]) return;
              setMode(v[0]);
              setDarkMode(v[0]);
            }}
          />
        </List.Item>
      </List>
      <List>
        <List.Item onClick={() => window.location.assign('/')}>{M.mine.desktop}</List.Item>
      </List>
      <div className="m-block">
        <Button block color="danger" fill="outline" size="large" onClick={() => void logout()}>
          {M.mine.logout}
        </Button>
      </div>
    </div>
  );
}
