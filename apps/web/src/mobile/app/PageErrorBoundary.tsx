import { Component, type ReactNode } from 'react';
import { Button, ErrorBlock } from 'antd-mobile';
import { T } from '../../shared/i18n/messages.ts';

interface State {
  failed: boolean;
}

/**
 * A page that throws — most often its chunk no longer on the server after a deploy, or lost on a
 * bad connection — shows the platform's 页面加载失败 with 重新加载 instead of a blank screen.
 * Keyed by the path in the tab layout, so another tab starts afresh.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="m-center" role="alert">
        <ErrorBlock status="default" title={T.routeError.title} description={T.routeError.text} />
        <Button color="primary" onClick={() => window.location.reload()}>
          {T.reload.retry}
        </Button>
      </div>
    );
  }
}
