import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';
import { T } from '../../shared/i18n/messages.ts';

/** A page that failed to load (e.g. a lazy chunk after a redeploy): offer a reload. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="cl-center-screen cl-min-full-height">
      <Result
        status="error"
        title={T.routeError.title}
        subTitle={T.routeError.text}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {T.reload.retry}
          </Button>
        }
      />
    </div>
  );
}
