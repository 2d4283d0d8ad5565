import { useContext, useEffect, useMemo, type ReactNode } from 'react';
import { ConfigProvider, message } from 'antd';
// antd App's context (what App.useApp() reads) and root style, without App's dialogs in the first load
import AppContext from 'antd/es/app/context';
import useAppStyle from 'antd/es/app/style';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useClientStore } from '../stores/clientStore.ts';
import { antdTheme, themeColors, themeCssVars } from '../theme/themes.ts';
import { T } from '../i18n/messages.ts';
import { expiryDialogClosed, setRequestEffects } from '../request/effects.ts';
import { registerFeedback, toast } from './toast.ts';
import { useLazyFeedback } from './lazyFeedback.tsx';
import { NewVersionNotice } from '../version/NewVersionNotice.tsx';

dayjs.locale('zh-cn');

/**
 * antd with zh_CN and the current theme; CSS variables of the theme on the root element. In place
 * of antd's App: its context (message, modal, notification for App.useApp()) with the dialogs and
 * notifications fetched when first used (useLazyFeedback), and its root element and styles.
 */
/**
 * `onSessionExpired`: instead of this page's own 会话过期 dialog (a sub-product inside the shell
 * hands the expiry to the shell, whose one dialog serves every frame).
 */
export function AppProviders({
  children,
  goLogin,
  onSessionExpired,
}: {
  children: ReactNode;
  goLogin: () => void;
  onSessionExpired?: () => void;
}) {
  const themeValue = useClientStore((s) => s.themeValue);
  const colors = themeColors(themeValue);

  useEffect(() => {
    const root = document.documentElement;
    for (const [name, value] of Object.entries(themeCssVars(colors))) root.style.setProperty(name, value);
    root.dataset.theme = themeValue;
  }, [colors, themeValue]);

  return (
    <ConfigProvider locale={zhCN} theme={antdTheme(colors)}>
      <Feedback>
        <FeedbackBinder goLogin={goLogin} onSessionExpired={onSessionExpired} />
        <NewVersionNotice />
        {children}
      </Feedback>
    </ConfigProvider>
  );
}

function Feedback({ children }: { children: ReactNode }) {
  const prefixCls = useContext(ConfigProvider.ConfigContext).getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const [messageApi, messageHolder] = message.useMessage({ maxCount: 1, top: 64 });
  const { modal, notification, holders } = useLazyFeedback();
  const apis = useMemo(() => ({ message: messageApi, modal, notification }), [messageApi, modal, notification]);
  return (
    <AppContext.Provider value={apis}>
      <div className={`${hashId} ${prefixCls} ${cssVarCls} cl-app-root`}>
        {messageHolder}
        {holders}
        {children}
      </div>
    </AppContext.Provider>
  );
}

/** Hands antd's context-aware toast and dialog APIs to the request layer. */
function FeedbackBinder({ goLogin, onSessionExpired }: { goLogin: () => void; onSessionExpired?: () => void }) {
  const { message, modal } = useContext(AppContext);
  useEffect(() => {
    registerFeedback(message, modal);
    setRequestEffects({
      toastError: (msg) => toast.error(msg),
      goLogin,
      confirmExpired: (onLogin) => {
        if (onSessionExpired) {
          onSessionExpired();
          expiryDialogClosed(); // the shell's dialog decides; a later 4010 here asks it again
          return;
        }
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
  }, [message, modal, goLogin, onSessionExpired]);
  return null;
}
