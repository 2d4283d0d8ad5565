import { useNavigate } from 'react-router';
import { brandTitle, useBrandingStore } from '../branding/branding.ts';
import { UserMenu } from './UserMenu.tsx';
import { AssistantSlot } from './AssistantSlot.tsx';
import { T } from '../../shared/i18n/messages.ts';

/** The slim top bar of the shell's own pages (home, system centre): brand, back to home, user menu. */
export function PortalBar({ section }: { section?: string }) {
  const navigate = useNavigate();
  const info = useBrandingStore((s) => s.info);
  return (
    <header className="cl-portal-bar" data-testid="portal-bar">
      <a className="cl-header-brand" href="/home" onClick={(e) => (e.preventDefault(), navigate('/home'))}>
        <img src={info?.iconUrl || '/favicon.svg'} alt="" className="cl-header-logo" />
        <span className="cl-header-title">{brandTitle(info)}</span>
      </a>
      {section && <span className="cl-portal-section">{section}</span>}
      <div className="cl-header-right">
        {section ? (
          <a className="cl-portal-link" href="/home" onClick={(e) => (e.preventDefault(), navigate('/home'))}>
            {T.layout.home}
          </a>
        ) : (
          <a className="cl-portal-link" href="/center/notice" onClick={(e) => (e.preventDefault(), navigate('/center/notice'))}>
            {T.layout.center}
          </a>
        )}
        <UserMenu />
        <AssistantSlot />
      </div>
    </header>
  );
}
