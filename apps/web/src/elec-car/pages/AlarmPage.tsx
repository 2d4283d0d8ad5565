import { useState } from 'react';
import { Select, Switch } from 'antd';
import { ELEC_CAR_ALARM_NAMES, elecCarEndpoints, type ElecCarAlarmType } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { SubProductAlarmLog, type AlarmLogQuery } from '../../shared/alarms/SubProductAlarmLog.tsx';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { useLoaded, useWholeList } from '../../shared/list/useLoaded.ts';
import { ownBikes } from '../ownBikes.ts';
import { bikeLabel } from '../BikePicker.tsx';
import { E } from '../messages.ts';

const A = E.alarm;
const LABELS = { ...A, bike: A.plate, place: E.status.position };
const loadAlarms = (query: AlarmLogQuery & { bikeId?: number }) => call(elecCarEndpoints.alarms, query);

function Switches() {
  const { rows: switches, put } = useWholeList(elecCarEndpoints.alarmSwitches);
  const canEdit = usePermission('elecCar:alarm:edit');
  // the save answers every switch as it now stands
  const save = (alarmType: ElecCarAlarmType, push: boolean) =>
    call(elecCarEndpoints.saveAlarmSwitch, { alarmType, push }).then(put, () => {});
  return (
    <section className="sp-card">
      <div className="sp-toolbar">
        <span className="sp-title">{A.switches}</span>
        <span className="sp-muted">{A.switchesHelp}</span>
      </div>
      <div className="ec-switches" data-testid="ec-alarm-switches">
        {switches.map((s) => (
          <label className="ec-switch" key={s.alarmType}>
            <span>{s.alarmName}</span>
            <Switch size="small" checked={s.push} disabled={!canEdit} onChange={(on) => void save(s.alarmType, on)} />
          </label>
        ))}
      </div>
    </section>
  );
}

/** 报警记录: the e-bikes' alarms (all bikes or one, by type and days) and the per-type push switches. */
export function AlarmPage() {
  const { rows: bikes } = useLoaded(ownBikes, null);
  const [bikeId, setBikeId] = useState<number | undefined>();
  return (
    <div className="sp-page" data-testid="ec-alarm">
      <SubProductAlarmLog
        title={A.title}
        typeNames={ELEC_CAR_ALARM_NAMES}
        load={loadAlarms}
        own={{ bikeId }}
        labels={LABELS}
        tableTestId="ec-alarm-table"
        filters={
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={E.common.allBikes}
            value={bikeId}
            onChange={setBikeId}
            options={bikes.map((b) => ({ value: b.bikeId, label: bikeLabel(b) }))}
          />
        }
      />
      <Switches />
    </div>
  );
}
