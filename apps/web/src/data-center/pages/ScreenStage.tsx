import { useEffect, useRef, useState, type ReactNode } from 'react';

export const STAGE_WIDTH = 1920;
export const STAGE_HEIGHT = 1080;

/**
 * The 大屏's canvas: laid out once for 1920×1080 and scaled as a whole to whatever screen or
 * window shows it (letterboxed), so a wall display and a laptop see the same picture.
 */
export function ScreenStage({ children, onReady }: { children: ReactNode; onReady?: (el: HTMLDivElement) => void }) {
  const frame = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);

  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    onReady?.(el);
    const fit = () => setScale(Math.min(el.clientWidth / STAGE_WIDTH, el.clientHeight / STAGE_HEIGHT) || 1);
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, [onReady]);

  return (
    <div ref={frame} className="dcs-frame">
      <div
        className="dcs-stage"
        data-testid="dc-screen"
        style={{ width: STAGE_WIDTH, height: STAGE_HEIGHT, transform: `translate(-50%, -50%) scale(${scale})` }}
      >
        {children}
      </div>
    </div>
  );
}
