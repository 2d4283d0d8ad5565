import { useEffect, type ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useClientStore } from '../stores/clientStore.ts';
import { antdTheme, themeColors, themeCssVars } from '../theme/themes.ts';
import { T } from '../i18n/messages.ts';
import { expiryDialogClosed, setRequestEffects } from '../request/effects.ts';
import { registerFeedback, toast } from './toast.ts';
import { NewVersionNotice } from '../version/NewVersionNotice.tsx';

dayjs.locale('zh-cn');

/** antd with zh_CN and the current theme; CSS variables of the theme on the root element. */
export function AppProviders({ children, goLogin }: { children: ReactNode; goLogin: () => void }) {
  const themeValue = useClientStore((s) => s.themeValue);
  const colors = themeColors(themeValue);

  useEffect(() => {
    const root = document.documentElement;
    for (const [name, value] of Object.entries(themeCssVars(colors))) root.style.setProperty(name, value);
    root.dataset.theme = themeValue;
  }, [colors, themeValue]);

  return (
    <ConfigProvider locale={zhCN} theme={antdTheme(colors)}>
      <App message={{ maxCount: 1, top: 64 }} className="cl-app-root">
        <FeedbackBinder goLogin={goLogin} />
        <NewVersionNotice />
        {children}
      </App>
    </ConfigProvider>
  );
}

/** Hands antd's context-aware toast and dialog APIs to the request layer. */
function FeedbackBinder({ goLogin }: { goLogin: () => void }) {
  const { message, modal } = App.useApp();
  useEffect(() => {
    registerFeedback(message, modal);
    setRequestEffects({
      toastError: (msg) => toast.error(msg),
      goLogin,
      confirmExpired: (onLogin) => {
        modal.confirm({
          title: T.request.sessionExpiredTitle,
          content: T.request.sessionExpiredText,
          okText: T.request.login,
          cancelText: T.request.close,
          onOk: onLogin,
          onCancel: expiryDialogClosed,
          className: 'cl-session-expired',
        });
      },
    });
  }, [message, modal, goLogin]);
  return null;
}
