import { useEffect, useRef, type CSSProperties } from 'react';
import type { ChartOption } from './echartsCore.ts';
import { motionWanted } from '../ui/motion.ts';

type Core = typeof import('./echartsCore.ts');
type Instance = ReturnType<Core['echarts']['init']>;

let core: Promise<Core> | null = null;
/** ECharts' code, fetched with the first chart on a page. */
export const loadECharts = (): Promise<Core> => (core ??= import('./echartsCore.ts'));

/** A data item's figure: a number, the last of an array (a time axis' [time, value], a map dot's [lon, lat, value]), or `value`. */
function figureOf(item: unknown): unknown {
  if (Array.isArray(item)) return item[item.length - 1];
  if (item && typeof item === 'object' && 'value' in item) return figureOf((item as { value: unknown }).value);
  return item;
}

/**
 * How many non-zero figures an option's series draw: the chart says it on its box
 * (`data-chart-values`), so a browser test tells a chart with data from axes over nothing.
 */
export function chartValues(option: ChartOption): number {
  const series = (option as { series?: unknown }).series;
  let n = 0;
  for (const s of Array.isArray(series) ? series : series ? [series] : []) {
    const data = (s as { data?: unknown }).data;
    if (!Array.isArray(data)) continue;
    for (const item of data) {
      const v = figureOf(item);
      if (typeof v === 'number' && Number.isFinite(v) && v !== 0) n++;
    }
  }
  return n;
}

/**
 * One ECharts chart that fills its box: follows the box's size, redraws with each new option
 * (merged, so values move rather than the chart being rebuilt, unless `replace`), and lets go of
 * its canvas when it leaves the page.
 */
export function EChart({
  option,
  theme,
  replace = false,
  className,
  style,
  testId,
  onClick,
}: {
  option: ChartOption | null;
  theme?: 'dark';
  replace?: boolean;
  className?: string;
  style?: CSSProperties;
  testId?: string;
  onClick?: (params: { name: string; seriesName?: string; data?: unknown }) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Instance | null>(null);
  const clickRef = useRef(onClick);
  clickRef.current = onClick;

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    void loadECharts().then(({ echarts }) => {
      if (disposed || !box.current) return;
      const instance = echarts.init(box.current, theme, { renderer: 'canvas' });
      chart.current = instance;
      instance.on('click', (p) => clickRef.current?.(p as { name: string }));
      observer = new ResizeObserver(() => instance.resize());
      observer.observe(box.current);
      box.current.dispatchEvent(new Event('chart-ready'));
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [theme]);

  useEffect(() => {
    if (!option) return;
    box.current?.setAttribute('data-chart-values', String(chartValues(option)));
    const draw = () =>
      chart.current?.setOption(
        { animation: motionWanted(), backgroundColor: 'transparent', ...option },
        { notMerge: replace, lazyUpdate: true },
      );
    if (chart.current) return draw();
    const el = box.current;
    el?.addEventListener('chart-ready', draw, { once: true });
    return () => el?.removeEventListener('chart-ready', draw);
  }, [option, replace]);

  return <div ref={box} className={className} style={{ width: '100%', height: '100%', ...style }} data-testid={testId} />;
}
