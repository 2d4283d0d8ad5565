import { Component, type ReactNode } from 'react';
import { coreTexts } from '../../shared/i18n/coreTexts.ts';

interface State {
  failed: boolean;
}

/**
 * A page that throws — most often its chunk no longer on the server after a deploy, or lost on a
 * bad connection — shows the platform's 页面加载失败 with 重新加载 instead of a blank screen.
 * Plain markup (no component library): it also guards the app's root, on the login screen's path.
 * In the tab layout it is keyed by the path, so another page starts afresh.
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
        <strong>{coreTexts.routeError.title}</strong>
        <p>{coreTexts.routeError.text}</p>
        <button type="button" className="m-button m-button-primary" onClick={() => window.location.reload()}>
          {coreTexts.reload.retry}
        </button>
      </div>
    );
  }
}
