import { S } from '../messages.ts';

const B = S.branding;
const DEFAULT_TITLE = '车联智能管理平台';

/** How the host's login page will look: its browser tab, its header with icon and title, in the chosen style. */
export function BrandingPreview({
  title,
  iconUrl,
  description,
  legacy,
  host,
}: {
  title?: string;
  iconUrl?: string;
  description?: string;
  legacy: boolean;
  host?: string;
}) {
  const shown = title?.trim() || DEFAULT_TITLE;
  const icon = iconUrl || '/favicon.svg';
  return (
    <aside className="sys-brand-preview" data-testid="branding-preview">
      <div className="sys-brand-preview-label">{B.preview}</div>
      <div className="sys-brand-browser">
        <div className="sys-brand-tab">
          <img src={icon} alt="" />
          {shown}
        </div>
        <div className="sys-brand-address">{host?.trim() || 'gps.example.com'}/login</div>
        <div className={legacy ? 'sys-brand-login sys-brand-login-legacy' : 'sys-brand-login sys-brand-login-modern'}>
          <div className="sys-brand-login-header">
            <img src={icon} alt="" />
            <span>{shown}</span>
          </div>
          <div className="sys-brand-login-card">
            <div className="sys-brand-login-input">{B.previewUser}</div>
            <div className="sys-brand-login-input">{B.previewPassword}</div>
            <div className="sys-brand-login-button">{B.previewLogin}</div>
          </div>
          {description?.trim() && <div className="sys-brand-login-desc">{description.trim()}</div>}
        </div>
      </div>
      <div className="sys-muted">{legacy ? B.styles.legacy : B.styles.modern}</div>
    </aside>
  );
}
