import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { DataCenterOverview } from '@chelian/contracts';
import { EChart } from '../../shared/charts/EChart.tsx';
import { useLoaded } from '../../shared/list/useLoaded.ts';
import { motionWanted } from '../../shared/ui/motion.ts';
import type { ChartOption } from '../../shared/charts/echartsCore.ts';
import type { Palette } from '../charts/palette.ts';
import { D } from '../messages.ts';
import { allAreaCentres, areaCentres, loadMap } from './chinaMaps.ts';
import { areaFigures } from './regionSeries.ts';

/** How many of the busiest areas glow on the map (the 大屏). */
const GLOWING = 12;

const centresOf = (province: string | null) => (province ? areaCentres(province) : allAreaCentres());

/**
 * Vehicles by province on a map of China; a click on a province shows its cities (districts in the
 * municipalities). `glow` adds pulsing dots on the busiest areas, for the 大屏.
 */
export function RegionMap({
  overview,
  palette,
  glow = false,
  theme,
}: {
  overview: DataCenterOverview;
  palette: Palette;
  glow?: boolean;
  theme?: 'dark';
}) {
  const [province, setProvince] = useState<string | null>(null);
  // The spinner while a province's map loads; one that fails to load goes back to the country.
  const drawn = useLoaded(loadMap, province, { keepOnFailure: false });
  const mapName = drawn.loading ? null : drawn.data;
  const failed = drawn.error !== null;
  useEffect(() => {
    if (failed) setProvince(null);
  }, [failed]);
  // The glowing dots' places (the 大屏 only); the last ones stay until the next answer.
  const centres = useLoaded(centresOf, province, { enabled: glow }).data;
  // China drawn at 118 % of the box's shorter side fills a wide box (the 大屏) but, in a box
  // narrower than that (数据总览's column at 1366 px), cuts off 新疆 and 黑龙江: there it fits the width.
  const box = useRef<HTMLDivElement>(null);
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setNarrow(el.clientWidth < el.clientHeight * 1.18);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const figures = useMemo(() => areaFigures(overview.regions, province), [overview.regions, province]);
  const option = useMemo<ChartOption | null>(() => {
    if (!mapName) return null;
    const max = Math.max(1, ...figures.map((f) => f.value));
    const dots =
      glow && centres
        ? overview.regions
            .filter((r) => !province || r.province === province)
            .slice(0, GLOWING)
            .flatMap((r) => {
              const at = centres.get(province ? r.area : `${r.province}/${r.area}`);
              return at ? [{ name: r.area, value: [...at, r.vehicles] }] : [];
            })
        : [];
    return {
      tooltip: {
        trigger: 'item',
        ...palette.tooltip,
        formatter: (p: { name: string; data?: { value: number | number[]; online?: number } }) => {
          const f = figures.find((x) => x.name === p.name);
          return `${p.name}<br/>${D.map.vehicles}：${f?.value ?? 0} ${D.unit.vehicles}<br/>${D.map.online}：${f?.online ?? 0} ${D.unit.vehicles}`;
        },
      },
      visualMap: {
        min: 0,
        max,
        left: 8,
        bottom: 8,
        calculable: false,
        itemWidth: 10,
        itemHeight: 80,
        text: [String(max), '0'],
        textStyle: { color: palette.subtle, fontSize: 11 },
        inRange: { color: palette.mapRange },
        seriesIndex: 0,
      },
      geo: {
        map: mapName,
        roam: false,
        layoutCenter: ['50%', '54%'],
        layoutSize: province ? '92%' : narrow ? '96%' : '118%',
        itemStyle: { areaColor: palette.mapEmpty, borderColor: palette.mapBorder, borderWidth: 0.8 },
        emphasis: { itemStyle: { areaColor: palette.series[2] }, label: { show: true, color: palette.text } },
        label: { show: Boolean(province), color: palette.subtle, fontSize: 10 },
      },
      series: [
        { type: 'map', geoIndex: 0, data: figures },
        {
          type: 'effectScatter',
          coordinateSystem: 'geo',
          data: dots,
          zlevel: 2,
          // The ripple redraws its layer every frame while the page is open (a 大屏 runs for days):
          // under reduced motion the dots stay still and ripple only under the pointer.
          showEffectOn: motionWanted() ? 'render' : 'emphasis',
          symbolSize: (v: number[]) => 6 + 14 * Math.sqrt(v[2] / max),
          rippleEffect: { brushType: 'stroke', scale: 3 },
          itemStyle: { color: palette.series[2] },
          tooltip: { show: false },
        },
      ],
    };
  }, [mapName, figures, palette, glow, centres, overview.regions, province, narrow]);

  return (
    <div ref={box} className="dc-map" data-testid="dc-map" data-province={province ?? ''}>
      {province && (
        <Button size="small" className="dc-map-back" icon={<ArrowLeftOutlined />} onClick={() => setProvince(null)}>
          {D.map.back}
        </Button>
      )}
      <div className="dc-map-hint">
        {province ?? D.map.drill}
        {overview.unlocated > 0 && <span> · {D.map.unlocated(overview.unlocated)}</span>}
      </div>
      {!mapName && (
        <Spin className="dc-map-spin" tip={D.map.loading}>
          <span />
        </Spin>
      )}
      <EChart option={option} theme={theme} replace onClick={(p) => !province && p.name && setProvince(p.name)} />
    </div>
  );
}
