import { useMemo, type ReactNode } from 'react';
import { Button, Card, Result } from 'antd';
import { DesktopOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { EChart } from '../../shared/charts/EChart.tsx';
import { usePermissionMenu } from '../../shared/permission/usePermission.ts';
import {
  activityOption,
  alarmTrendOption,
  alarmTypesOption,
  mileageRankingOption,
  mileageTrendOption,
  onlineTrendOption,
} from '../charts/chartOptions.ts';
import { LIGHT } from '../charts/palette.ts';
import { useDataCenter } from '../live/useDataCenter.ts';
import { RegionMap } from '../map/RegionMap.tsx';
import { RegionTop } from '../map/RegionTop.tsx';
import { beijingFormat } from '../../shared/format/beijingTime.ts';
import { D } from '../messages.ts';
import { ExpiringList } from './ExpiringList.tsx';
import { FleetFigures } from './FleetFigures.tsx';
import { LiveBadge } from './LiveBadge.tsx';

const clock = (ms: number) => beijingFormat(ms, 'HH:mm:ss');

function Panel({ title, children, className, testId }: { title: string; children: ReactNode; className?: string; testId?: string }) {
  return (
    <Card size="small" title={title} variant="borderless" className={`dc-panel ${className ?? ''}`} data-testid={testId}>
      <div className="dc-panel-body">{children}</div>
    </Card>
  );
}

/** 数据总览: the fleet's figures and charts on one page, following the live feed. */
export function OverviewPage() {
  const { data, failed, liveStatus, reload } = useDataCenter('overview');
  const navigate = useNavigate();
  const mayOpenScreen = usePermissionMenu('dataCenter:screen');
  const charts = useMemo(
    () =>
      data && {
        alarmTypes: alarmTypesOption(data, LIGHT),
        alarmTrend: alarmTrendOption(data, LIGHT),
        onlineTrend: onlineTrendOption(data, LIGHT),
        mileageTrend: mileageTrendOption(data, LIGHT),
        activity: activityOption(data, LIGHT),
        ranking: mileageRankingOption(data, LIGHT),
      },
    [data],
  );

  if (!data) {
    return failed ? (
      <Result status="warning" title={D.loadFailed} extra={<Button onClick={reload}>{D.retry}</Button>} />
    ) : (
      <div className="dc-overview dc-loading" data-testid="dc-loading" />
    );
  }
  return (
    <div className="dc-overview" data-testid="dc-overview" data-generated-at={data.generatedAt}>
      <div className="dc-overview-head">
        <h2>{D.overviewTitle}</h2>
        <LiveBadge status={liveStatus} />
        <span className="dc-updated">{D.updatedAt(clock(data.generatedAt))}</span>
        {mayOpenScreen && (
          <Button type="primary" icon={<DesktopOutlined />} onClick={() => navigate('/screen')} data-testid="dc-open-screen">
            {D.openScreen}
          </Button>
        )}
      </div>
      <FleetFigures overview={data} />
      <div className="dc-grid">
        <Panel title={D.map.title} className="dc-span-map" testId="dc-panel-map">
          <div className="dc-map-with-list">
            <RegionMap overview={data} palette={LIGHT} />
            <RegionTop regions={data.regions} />
          </div>
        </Panel>
        <Panel title={D.alarmTypesToday} testId="dc-panel-alarm-types">
          <EChart option={charts!.alarmTypes} />
        </Panel>
        <Panel title={D.mileageRanking} testId="dc-panel-ranking">
          {data.mileageRanking.length ? <EChart option={charts!.ranking} /> : <div className="dc-empty">{D.empty}</div>}
        </Panel>
        <Panel title={D.alarmTrend}>
          <EChart option={charts!.alarmTrend} />
        </Panel>
        <Panel title={D.onlineTrend}>
          <EChart option={charts!.onlineTrend} />
        </Panel>
        <Panel title={D.mileageTrend}>
          <EChart option={charts!.mileageTrend} />
        </Panel>
        <Panel title={D.activity} className="dc-span-2">
          <EChart option={charts!.activity} />
        </Panel>
        <Panel title={D.expiring} testId="dc-panel-expiring">
          <ExpiringList expiring={data.expiring} />
        </Panel>
      </div>
    </div>
  );
}
