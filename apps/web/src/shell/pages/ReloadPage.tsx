import { Button, Result } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { T } from '../../shared/i18n/messages.ts';

/** Shown when the branding lookup fails; visiting it turned the lookup off, retry runs it again. */
export function ReloadPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = params.get('redirect');
  const back = target && target.startsWith('/') && !target.startsWith('/reload') ? target : '/home';
  return (
    <div className="cl-center-screen cl-min-full-height">
      <Result
        status="warning"
        title={T.reload.title}
        subTitle={T.reload.text}
        extra={
          <Button type="primary" icon={<ReloadOutlined />} onClick={() => navigate(back, { replace: true })}>
            {T.reload.retry}
          </Button>
        }
      />
    </div>
  );
}
