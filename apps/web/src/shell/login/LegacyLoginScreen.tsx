import { T } from '../../shared/i18n/messages.ts';
import { beijingFormat } from '../../shared/format/beijingTime.ts';
import { brandTitle, useBrandingStore } from '../branding/branding.ts';
import { useLoginFlow } from './useLoginFlow.ts';
import { AccountLoginForm } from './AccountLoginForm.tsx';
import { prefetchHome } from '../lazyShellParts.tsx';
import './login.css';

/** The older login screen, kept for the host the branding marks as legacy: one centred box. */
export function LegacyLoginScreen() {
  const info = useBrandingStore((s) => s.info);
  const flow = useLoginFlow({ captchaAsImage: true });
  return (
    <div className="cl-login-legacy cl-min-full-height" data-testid="login-legacy" onFocus={prefetchHome}>
      <header className="cl-login-legacy-top">
        <img src={info?.iconUrl || '/favicon.svg'} alt="" />
        <span>{brandTitle(info)}</span>
      </header>
      {/* antd's Card look without antd's Card (which brings Tabs and Skeleton to the first load) */}
      <div className="cl-login-legacy-box">
        <div className="cl-login-legacy-head">{T.login.legacyTitle}</div>
        <div className="cl-login-legacy-body">
          <AccountLoginForm
            legacy
            captcha={flow.captcha}
            submitting={flow.submitting}
            disabled={!flow.config}
            onRefreshCaptcha={flow.refreshCaptcha}
            onSubmit={flow.loginWithPassword}
          />
        </div>
      </div>
      <footer className="cl-login-legacy-foot">{T.login.copyright(Number(beijingFormat(Date.now(), 'YYYY')))}</footer>
    </div>
  );
}
