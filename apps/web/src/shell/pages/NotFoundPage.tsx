import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { T } from '../../shared/i18n/messages.ts';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="cl-center-screen" style={{ height: '100%', minHeight: 480 }}>
      <Result
        status="404"
        title={T.notFound.title}
        subTitle={T.notFound.text}
        extra={
          <Button type="primary" onClick={() => navigate('/home')}>
            {T.notFound.back}
          </Button>
        }
      />
    </div>
  );
}
