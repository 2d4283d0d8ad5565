import { Layout } from 'antd';
import { useNavigate } from 'react-router';
import { useBrandingStore, brandTitle } from '../branding/branding.ts';
import { useUiStore } from '../../shared/stores/uiStore.ts';
import { isLoggedIn, useClientStore } from '../../shared/stores/clientStore.ts';
import { SystemNav } from './SystemNav.tsx';
import { UserMenu } from './UserMenu.tsx';
import { AlarmBell } from './AlarmBell.tsx';
import { GroupSelector } from './GroupSelector.tsx';

export function AppHeader() {
  const navigate = useNavigate();
  const info = useBrandingStore((s) => s.info);
  const downList = useUiStore((s) => s.downList);
  const loggedIn = useClientStore((s) => isLoggedIn(s));
  return (
    <Layout.Header className="cl-header" data-testid="app-header">
      <a className="cl-header-brand" href="/home" onClick={(e) => (e.preventDefault(), navigate('/home'))}>
        <img src={info?.iconUrl || '/favicon.svg'} alt="" className="cl-header-logo" />
        <span className="cl-header-title">{brandTitle(info)}</span>
      </a>
      <SystemNav />
      <div className="cl-header-right">
        {downList && <GroupSelector />}
        {loggedIn && <AlarmBell />}
        <UserMenu />
      </div>
    </Layout.Header>
  );
}
