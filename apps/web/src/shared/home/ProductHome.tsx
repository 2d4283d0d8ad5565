import type { ReactNode } from 'react';
import { Button, Empty } from 'antd';
import { AppstoreOutlined, ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { usePermissionStore } from '../stores/permissionStore.ts';
import { beijingFormat, beijingLongDate } from '../format/beijingTime.ts';
import { homeMessages as H } from '../i18n/home.ts';
import { figureText, visibleFigures, visibleShortcuts, type HomeFigure, type HomeShortcut } from './homeItems.ts';
import type { HomeRefresh } from './useHomeSource.ts';
import './productHome.css';

export interface ProductHomeProps {
  /** the product's name (the menu column's title) */
  title: string;
  figures: readonly HomeFigure[];
  shortcuts: readonly HomeShortcut[];
  refresh: HomeRefresh;
  /** opens a shell path: the product's own pages in its router, another product's through the shell */
  onOpen: (path: string) => void;
  /** a short list under the shortcuts (the newest alarms), when the product has one */
  recent?: { title: string; content: ReactNode } | null;
}

/**
 * The one home page frame of every sub-product: today's figures, each the number the page it
 * opens shows, then shortcuts to the daily tasks, then an optional recent list. What the role
 * may not open is not shown (homeItems.ts); the figures fit a 1366 × 768 screen without scrolling.
 */
export function ProductHome({ title, figures, shortcuts, refresh, onOpen, recent }: ProductHomeProps) {
  const sets = usePermissionStore((s) => s.sets);
  const shownFigures = visibleFigures(sets, figures);
  const shownShortcuts = visibleShortcuts(sets, shortcuts);
  const empty = shownFigures.length === 0 && shownShortcuts.length === 0;
  return (
    <div className="ph-page" data-testid="child-overview">
      <header className="ph-head">
        <h2>{title}</h2>
        <span className="ph-day">{H.today(beijingLongDate(refresh.updatedAt))}</span>
        <span className="ph-spacer" />
        <span className="ph-updated">{H.updatedAt(beijingFormat(refresh.updatedAt, 'HH:mm:ss'))}</span>
        <Button size="small" icon={<ReloadOutlined />} onClick={refresh.refresh} data-testid="home-refresh">
          {H.refresh}
        </Button>
      </header>
      {empty && <Empty className="ph-empty" description={H.nothing} />}
      {shownFigures.length > 0 && (
        <section aria-label={H.figures}>
          <h3 className="ph-section-title">{H.figures}</h3>
          <div className="ph-figures">
            {shownFigures.map((f) => (
              <button
                key={f.key}
                type="button"
                className={`ph-figure ph-tone-${f.tone ?? 'primary'}`}
                onClick={() => onOpen(f.path)}
                title={f.tip}
                data-testid={`home-figure-${f.key}`}
                data-value={f.value ?? ''}
                data-path={f.path}
              >
                <span className="ph-figure-label">{f.label}</span>
                <span className="ph-figure-value">
                  {f.value === null ? <span className="ph-failed">{H.failed}</span> : figureText(f)}
                  {f.unit && f.value !== null && <small>{f.unit}</small>}
                </span>
                <span className="ph-figure-open">
                  {H.open} <RightOutlined />
                </span>
              </button>
            ))}
          </div>
        </section>
      )}
      {shownShortcuts.length > 0 && (
        <section aria-label={H.shortcuts}>
          <h3 className="ph-section-title">{H.shortcuts}</h3>
          <div className="ph-shortcuts">
            {shownShortcuts.map((s) => (
              <button
                key={s.menu}
                type="button"
                className="ph-shortcut"
                onClick={() => onOpen(s.path)}
                data-testid={`home-shortcut-${s.menu}`}
                data-path={s.path}
              >
                <span className="ph-shortcut-icon">{s.icon ?? <AppstoreOutlined />}</span>
                <span className="ph-shortcut-text">
                  <span className="ph-shortcut-name">{s.name}</span>
                  <span className="ph-shortcut-task">{H.tasks[s.menu] ?? ''}</span>
                </span>
              </button>
            ))}
          </div>
        </section>
      )}
      {recent && (
        <section aria-label={recent.title} className="ph-recent">
          <h3 className="ph-section-title">{recent.title}</h3>
          {recent.content}
        </section>
      )}
    </div>
  );
}
