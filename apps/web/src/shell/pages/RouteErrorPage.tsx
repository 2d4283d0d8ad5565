import { Button } from 'antd';
import { CloseCircleFilled } from '@ant-design/icons';
import { useRouteError } from 'react-router';
import { T } from '../../shared/i18n/messages.ts';

/**
 * A page that failed to load (e.g. a lazy chunk after a redeploy): offer a reload. It is part of
 * the entry chunk (a chunk that failed cannot be followed by another fetch), so it draws antd's
 * Result look with an icon and a button instead of Result itself, whose illustrations would
 * weigh on every first load.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="cl-center-screen cl-min-full-height">
      <div className="cl-route-error">
        <CloseCircleFilled className="cl-route-error-icon" />
        <div className="cl-route-error-title">{T.routeError.title}</div>
        <div className="cl-route-error-text">{T.routeError.text}</div>
        <Button type="primary" onClick={() => window.location.reload()}>
          {T.reload.retry}
        </Button>
      </div>
    </div>
  );
}
