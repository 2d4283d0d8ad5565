import { Layout } from 'antd';
import { useNavigate } from 'react-router';
import { useBrandingStore, brandTitle } from '../branding/branding.ts';
import { useUiStore } from '../../shared/stores/uiStore.ts';
import { isLoggedIn, useClientStore } from '../../shared/stores/clientStore.ts';
import { SystemNav } from './SystemNav.tsx';
import { UserMenu } from './UserMenu.tsx';
import { AssistantSlot } from './AssistantSlot.tsx';
import { AlarmBell } from './AlarmBell.tsx';
import { GroupSelector } from './GroupSelector.tsx';

export function AppHeader() {
  const navigate = useNavigate();
  const info = useBrandingStore((s) => s.info);
  const downList = useUiStore((s) => s.downList);
  const loggedIn = useClientStore((s) => isLoggedIn(s));
  return (
    <Layout.Header className="cl-header" data-testid="app-header">
      {/* the logo alone: the width goes to the products, every one in view (the title is in the tab's and the home page's) */}
      <a
        className="cl-header-brand"
        href="/home"
        title={brandTitle(info)}
        aria-label={brandTitle(info)}
        onClick={(e) => (e.preventDefault(), navigate('/home'))}
      >
        <img src={info?.iconUrl || '/favicon.svg'} alt="" className="cl-header-logo" />
      </a>
      <SystemNav />
      <div className="cl-header-right">
        {downList && <GroupSelector />}
        {loggedIn && <AlarmBell />}
        <UserMenu />
        <AssistantSlot />
      </div>
    </Layout.Header>
  );
}
