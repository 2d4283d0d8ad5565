import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { EChart } from '../../shared/charts/EChart.tsx';
import { activityOption, alarmTrendOption, alarmTypesOption, mileageRankingOption, onlineTrendOption } from '../charts/chartOptions.ts';
import { DARK } from '../charts/palette.ts';
import { useDataCenter } from '../live/useDataCenter.ts';
import { RegionMap } from '../map/RegionMap.tsx';
import { beijingFormat, beijingLongDate } from '../../shared/format/beijingTime.ts';
import { D } from '../messages.ts';
import { ExpiringList } from './ExpiringList.tsx';
import { AssetKindStrip, fleetFigures } from './FleetFigures.tsx';
import { LiveBadge } from './LiveBadge.tsx';
import { ScreenStage } from './ScreenStage.tsx';
import { AlarmTicker } from './AlarmTicker.tsx';

function Box({ title, children, className, testId }: { title: string; children: ReactNode; className?: string; testId?: string }) {
  return (
    <section className={`dcs-box ${className ?? ''}`} data-testid={testId}>
      <h3>{title}</h3>
      <div className="dcs-box-body">{children}</div>
    </section>
  );
}

/** The screen's clock reads Beijing time (beijingFormat), like the figures' days. */
function useClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, []);
  return now;
}

/** 运营大屏: the whole fleet on one dark 1920×1080 screen, following the live feed. */
export function ScreenPage() {
  const { data, failed, liveStatus, recentAlarms, reload } = useDataCenter('screen');
  const now = useClock();
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const [full, setFull] = useState(false);
  useEffect(() => {
    const sync = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggleFull = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else if (frame?.requestFullscreen && document.fullscreenEnabled) void frame.requestFullscreen();
    // Inside a frame that may not go full screen: the screen alone, in a window of its own.
    else window.open(`${window.location.pathname}?urlType=blank`, '_blank', 'noopener');
  }, [frame]);

  const charts = useMemo(
    () =>
      data && {
        alarmTypes: alarmTypesOption(data, DARK),
        alarmTrend: alarmTrendOption(data, DARK),
        onlineTrend: onlineTrendOption(data, DARK),
        activity: activityOption(data, DARK),
        ranking: mileageRankingOption(data, DARK),
      },
    [data],
  );

  const figures = data ? fleetFigures(data) : [];
  const kpis = figures.filter((f) => ['total', 'online', 'alarmsToday', 'onlineRate'].includes(f.key));
  const states = figures.filter((f) => ['moving', 'parked', 'offline', 'alarm'].includes(f.key));

  return (
    <ScreenStage onReady={setFrame}>
      <header className="dcs-head">
        <div className="dcs-head-side">{beijingLongDate(now)}</div>
        <h1>{D.screenTitle}</h1>
        <div className="dcs-head-side dcs-head-right">
          <LiveBadge status={liveStatus} />
          <span className="dcs-clock">{beijingFormat(now, 'HH:mm:ss')}</span>
          <Button type="text" className="dcs-full" icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={toggleFull}>
            {full ? D.exitFullScreen : D.fullScreen}
          </Button>
        </div>
      </header>
      {!data ? (
        failed ? (
          <Result status="warning" title={D.loadFailed} extra={<Button onClick={reload}>{D.retry}</Button>} />
        ) : null
      ) : (
        <main className="dcs-body" data-generated-at={data.generatedAt}>
          <div className="dcs-col">
            <Box title={D.fleet.states} className="dcs-states">
              <div className="dcs-state-grid">
                {states.map((f) => (
                  <div key={f.key} className={`dcs-state dc-tone-${f.tone}`} data-testid={`dcs-figure-${f.key}`}>
                    <strong>{f.value}</strong>
                    <span>{f.label}</span>
                  </div>
                ))}
              </div>
            </Box>
            <Box title={D.alarmTypesToday} className="dcs-h300">
              <EChart option={charts!.alarmTypes} theme="dark" />
            </Box>
            <Box title={D.mileageRanking} className="dcs-grow">
              {data.mileageRanking.length ? <EChart option={charts!.ranking} theme="dark" /> : <div className="dc-empty">{D.empty}</div>}
            </Box>
          </div>
          <div className="dcs-col dcs-centre">
            <div className="dcs-kpis">
              {kpis.map((f) => (
                <div key={f.key} className={`dcs-kpi dc-tone-${f.tone}`} data-testid={`dcs-figure-${f.key}`}>
                  <span>{f.label}</span>
                  <strong>{f.value}</strong>
                </div>
              ))}
            </div>
            <AssetKindStrip overview={data} />
            <div className="dcs-map">
              <RegionMap overview={data} palette={DARK} theme="dark" glow />
            </div>
            <Box title={D.latestAlarms} className="dcs-ticker">
              <AlarmTicker live={recentAlarms} today={data.latestAlarms} />
            </Box>
          </div>
          <div className="dcs-col">
            <Box title={D.alarmTrend} className="dcs-h220">
              <EChart option={charts!.alarmTrend} theme="dark" />
            </Box>
            <Box title={D.onlineTrend} className="dcs-h220">
              <EChart option={charts!.onlineTrend} theme="dark" />
            </Box>
            <Box title={D.activity} className="dcs-h220">
              <EChart option={charts!.activity} theme="dark" />
            </Box>
            <Box title={D.expiring} className="dcs-grow">
              <ExpiringList expiring={data.expiring} />
            </Box>
          </div>
        </main>
      )}
    </ScreenStage>
  );
}
