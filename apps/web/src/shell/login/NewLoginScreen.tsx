import { AimOutlined, AlertOutlined, ApartmentOutlined, HistoryOutlined } from '@ant-design/icons';
import { T } from '../../shared/i18n/messages.ts';
import { beijingFormat } from '../../shared/format/beijingTime.ts';
import { brandTitle, useBrandingStore } from '../branding/branding.ts';
import { useLoginFlow } from './useLoginFlow.ts';
import { AccountLoginForm } from './AccountLoginForm.tsx';
import { SmsLoginForm } from './SmsLoginForm.tsx';
import { LoginTabs } from './LoginTabs.tsx';
import { prefetchHome } from '../lazyShellParts.tsx';
import './login.css';

const L = T.login;
const FEATURE_ICONS = [<AimOutlined key="a" />, <HistoryOutlined key="h" />, <AlertOutlined key="l" />, <ApartmentOutlined key="p" />];

/** The newer login screen: brand panel beside a card with account and SMS login. */
export function NewLoginScreen() {
  const info = useBrandingStore((s) => s.info);
  const flow = useLoginFlow();
  const account = (
    <AccountLoginForm
      captcha={flow.captcha}
      submitting={flow.submitting}
      disabled={!flow.config}
      onRefreshCaptcha={flow.refreshCaptcha}
      onSubmit={flow.loginWithPassword}
    />
  );
  return (
    <div className="cl-login-new cl-min-full-height" data-testid="login-new" onFocus={prefetchHome}>
      <section className="cl-login-hero">
        <div className="cl-login-brand">
          <img src={info?.iconUrl || '/favicon.svg'} alt="" />
          <span>{brandTitle(info)}</span>
        </div>
        <h1>{T.brand.slogan}</h1>
        <ul className="cl-login-features">
          {L.features.map((text, i) => (
            <li key={text}>
              {FEATURE_ICONS[i]}
              {text}
            </li>
          ))}
        </ul>
        <div className="cl-login-route" aria-hidden />
        <footer>{L.copyright(Number(beijingFormat(Date.now(), 'YYYY')))}</footer>
      </section>
      <section className="cl-login-panel">
        {/* card, title and tabs drawn in antd's look without antd's Card, Typography and Tabs: those bring menus, popups and skeletons to the first load */}
        <div className="cl-login-card">
          <h3 className="cl-login-title">{L.welcome}</h3>
          {/* one tab strip from the start: the SMS tab joins once the config allows it, without remounting the form */}
          <LoginTabs
            items={[
              { key: 'account', label: L.accountTab, children: account },
              ...(flow.config?.smsLoginEnabled
                ? [{ key: 'sms', label: L.smsTab, children: <SmsLoginForm submitting={flow.submitting} onSubmit={flow.loginWithSms} /> }]
                : []),
            ]}
          />
        </div>
      </section>
    </div>
  );
}
