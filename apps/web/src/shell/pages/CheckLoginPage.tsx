import { useEffect } from 'react';
import { Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useClientStore } from '../../shared/stores/clientStore.ts';
import { T } from '../../shared/i18n/messages.ts';
import { toast } from '../../shared/ui/toast.ts';
import { completeLogin } from '../session/sessionActions.ts';

/** Single sign-on hand-over: /checkLogin?sessionId=…&redirect=… adopts a session and goes on. */
export function CheckLoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();

  useEffect(() => {
    const sessionId = params.get('sessionId') ?? useClientStore.getState().sessionId;
    const redirect = params.get('redirect');
    const target = redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/home';
    if (!sessionId) {
      void navigate('/login', { replace: true });
      return;
    }
    void completeLogin(sessionId).then((ok) => {
      if (ok) void navigate(target, { replace: true });
      else {
        useClientStore.getState().clearSession();
        toast.error(T.checkLogin.failed);
        void navigate('/login', { replace: true });
      }
    });
  }, [navigate, params]);

  return (
    <div className="cl-center-screen cl-min-full-height">
      <Spin size="large" tip={T.checkLogin.checking}>
        <div style={{ width: 240, height: 80 }} />
      </Spin>
    </div>
  );
}
