import { Tag } from 'antd';
import { GB_ALARM_NAMES, elecGbEndpoints } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { SubProductAlarmLog, type AlarmLogQuery } from '../../shared/alarms/SubProductAlarmLog.tsx';
import { G } from '../messages.ts';

const A = G.alarm;
const loadAlarms = (query: AlarmLogQuery) => call(elecGbEndpoints.alarms, query);

/** 报警记录: the GB alarms of registered bikes, by type and Beijing days (also in the platform's alarm centre). */
export function AlarmPage() {
  return (
    <div className="sp-page" data-testid="gb-alarm">
      <SubProductAlarmLog
        title={A.title}
        typeNames={GB_ALARM_NAMES}
        load={loadAlarms}
        labels={A}
        tableTestId="gb-alarm-table"
        extraColumns={[
          {
            title: A.handled,
            dataIndex: 'handled',
            width: 80,
            render: (h: boolean) => (h ? <Tag color="green">{A.done}</Tag> : <Tag>{A.open}</Tag>),
          },
        ]}
      >
        <div className="sp-muted" style={{ marginTop: 8 }}>
          {A.thresholds}
        </div>
      </SubProductAlarmLog>
    </div>
  );
}
