import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface LoginTab {
  key: string;
  label: string;
  children: ReactNode;
}

/**
 * The login card's tab strip, drawn like antd's Tabs (same metrics and ink bar) but without them:
 * antd's Tabs bring a menu, dropdown and overflow measuring that the login page's first load
 * would pay for two fixed tabs. Keyboard: arrow keys move between tabs (WAI-ARIA tabs pattern).
 * Panels stay mounted, so switching keeps what was typed.
 */
export function LoginTabs({ items }: { items: LoginTab[] }) {
  const id = useId();
  const [chosen, setChosen] = useState(items[0]?.key);
  const active = items.some((t) => t.key === chosen) ? chosen : items[0]?.key;
  const onKey = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = items[(items.findIndex((t) => t.key === active) + step + items.length) % items.length];
    setChosen(next.key);
    document.getElementById(`${id}-tab-${next.key}`)?.focus();
  };
  return (
    <div className="cl-login-tabs">
      <div className="cl-login-tabs-nav" role="tablist" onKeyDown={onKey}>
        {items.map((t) => (
          <button
            key={t.key}
            id={`${id}-tab-${t.key}`}
            type="button"
            role="tab"
            aria-selected={t.key === active}
            aria-controls={`${id}-panel-${t.key}`}
            tabIndex={t.key === active ? 0 : -1}
            className={t.key === active ? 'cl-login-tab cl-login-tab-active' : 'cl-login-tab'}
            onClick={() => setChosen(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {items.map((t) => (
        <div key={t.key} id={`${id}-panel-${t.key}`} role="tabpanel" aria-labelledby={`${id}-tab-${t.key}`} hidden={t.key !== active}>
          {t.children}
        </div>
      ))}
    </div>
  );
}
