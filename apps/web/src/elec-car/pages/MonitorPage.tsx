import { useCallback, useEffect, useState } from 'react';
import { Button, Spin } from 'antd';
import { AimOutlined, HistoryOutlined, ReloadOutlined } from '@ant-design/icons';
import { elecCarEndpoints } from '@chelian/contracts';
import { playbackUrl } from '../../shared/links/carLinks.ts';
import { postToShell } from '../../child/bridge/childBridge.ts';
import { usePermission, usePermissionMenu } from '../../shared/permission/usePermission.ts';
import { BikePicker } from '../BikePicker.tsx';
import { ControlPanel } from '../ControlPanel.tsx';
import { NoBikes } from '../NoBikes.tsx';
import { PowerOrdersTable } from '../PowerOrdersTable.tsx';
import { StatusCard } from '../StatusCard.tsx';
import { useLoaded, useWholeList } from '../../shared/list/useLoaded.ts';
import { ownBikes, useSelectedBike } from '../ownBikes.ts';
import { E } from '../messages.ts';

const REFRESH_MS = 5000;

/** 车辆监控: one bike's status card, its remote controls and its power cut record, refreshed every 5 s. */
export function MonitorPage() {
  const { rows: bikes, loading } = useLoaded(ownBikes, null);
  const { bike: picked, select } = useSelectedBike(bikes);
  const [version, setVersion] = useState(0);
  const canControl = usePermission('elecCar:monitor:control');
  // the car product's 轨迹回放 plays a bike's track: offered only to an account that holds it (a menu, not a button)
  const canPlay = usePermissionMenu('car:playback');
  const bikeId = picked?.bikeId;
  // the picked bike's detail by the shared loader: a late answer for the bike picked before is dropped
  const detail = useWholeList(elecCarEndpoints.detail, { bikeId }, { silent: true, enabled: bikeId !== undefined });
  const { reload } = detail;
  const refresh = useCallback(() => {
    void reload(true);
    setVersion((v) => v + 1);
  }, [reload]);
  useEffect(() => {
    if (!bikeId) return;
    const timer = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(timer);
  }, [bikeId, refresh]);

  if (loading) return <Spin className="sp-empty" style={{ display: 'block' }} />;
  if (!bikes.length) return <NoBikes />;
  const shown = detail.data && detail.data.bikeId === bikeId ? detail.data : picked!;
  return (
    <div className="sp-page" data-testid="ec-monitor">
      <section className="sp-card sp-toolbar">
        <span className="sp-title">{E.status.title}</span>
        <BikePicker bikes={bikes} value={bikeId} onChange={select} />
        <Button
          icon={<AimOutlined />}
          onClick={() => postToShell('showVehInfo', { vehicleId: String(bikeId), tab: 'follow' })}
          data-testid="ec-follow"
        >
          {E.status.follow}
        </Button>
        {canPlay && (
          <Button icon={<HistoryOutlined />} onClick={() => window.open(playbackUrl(bikeId!), '_blank')}>
            {E.status.playback}
          </Button>
        )}
        <Button icon={<ReloadOutlined />} onClick={refresh}>
          {E.common.refresh}
        </Button>
      </section>
      <div className="ec-grid">
        <StatusCard bike={shown} onChanged={refresh} canControl={canControl} />
        {canControl && <ControlPanel bike={shown} onDone={refresh} />}
      </div>
      <PowerOrdersTable bikeId={shown.bikeId} version={version} />
    </div>
  );
}
