import { useEffect, useState } from 'react';
import { Button, DatePicker, Form, InputNumber, Select, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { CARD_ALARM_NAMES, CARD_ALARM_TYPES, cardEndpoints, type Alarm, type CardAlarmType, type CardRules } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { AddressText } from '../../shared/address/AddressText.tsx';
import { AlarmTime } from '../../shared/alarms/alarmColumns.tsx';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { usePagedList } from '../../shared/list/usePagedList.ts';
import { useLoaded, useWholeList } from '../../shared/list/useLoaded.ts';
import { allStaff } from '../allStaff.ts';
import { C } from '../messages.ts';

const A = C.alarm;
const URGENT = new Set(['sos', 'fallDown', 'wearRemoved', 'heartRateAbnormal']);

function Rules() {
  const canEdit = usePermission('card:alarm:edit');
  const [form] = Form.useForm<CardRules>();
  // the thresholds as stored; a save puts what it answers (a first load still on its way is dropped)
  const rules = useWholeList(cardEndpoints.rules);
  const stored = rules.data;
  useEffect(() => {
    if (stored) form.setFieldsValue(stored);
  }, [form, stored]);
  const save = async () =>
    call(cardEndpoints.saveRules, await form.validateFields()).then(
      (saved) => (rules.put(saved), toast.success(C.common.saved)),
      () => {},
    );
  const n = (name: keyof CardRules, label: string, min: number, max: number) => (
    <Form.Item name={name} label={label} rules={[{ required: true }]}>
      <InputNumber min={min} max={max} disabled={!canEdit} />
    </Form.Item>
  );
  return (
    <section className="sp-card">
      <div className="sp-toolbar">
        <span className="sp-title">{A.rules}</span>
      </div>
      <Form form={form} layout="inline" data-testid="card-rules">
        {n('offPostMinutes', A.offPost, 1, 240)}
        {n('standstillMinutes', A.standstill, 5, 600)}
        {n('gatheringCount', A.gatheringCount, 2, 50)}
        {n('gatheringRadius', A.gatheringRadius, 5, 500)}
        {n('gatheringMinutes', A.gatheringMinutes, 1, 240)}
        {canEdit && (
          <Button type="primary" onClick={() => void save()}>
            {C.common.save}
          </Button>
        )}
      </Form>
    </section>
  );
}

/** 报警中心: badge alarms (from the badge and derived by the platform), by person, type and day; the derived alarms' thresholds. */
export function AlarmPage() {
  const { rows: staff } = useLoaded(allStaff, null);
  const [staffId, setStaffId] = useState<number | undefined>();
  const [type, setType] = useState<CardAlarmType | undefined>();
  const [date, setDate] = useState<string | undefined>();
  const alarms = usePagedList(cardEndpoints.alarms, { staffId, type, date });
  return (
    <div className="sp-page" data-testid="card-alarm">
      <ListCard<Alarm>
        title={A.title}
        filters={
          <>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ width: 180 }}
              placeholder={C.common.staff}
              value={staffId}
              onChange={setStaffId}
              options={staff.map((s) => ({ value: s.staffId, label: `${s.name} ${s.staffNo}` }))}
            />
            <Select
              allowClear
              style={{ width: 150 }}
              placeholder={A.allTypes}
              value={type}
              onChange={setType}
              options={CARD_ALARM_TYPES.map((value) => ({ value, label: CARD_ALARM_NAMES[value] }))}
            />
            <DatePicker value={date ? dayjs(date) : null} onChange={(d) => setDate(d ? d.format('YYYY-MM-DD') : undefined)} />
          </>
        }
        list={alarms}
        rowKey="alarmId"
        size="small"
        table={{ 'data-testid': 'card-alarm-table' }}
        columns={[
          { title: A.time, dataIndex: 'alarmTime', width: 210, render: (_: number, a: Alarm) => <AlarmTime alarm={a} /> },
          { title: C.common.staff, dataIndex: 'name', width: 120 },
          { title: A.type, key: 't', width: 130, render: (_, a) => <Tag color={URGENT.has(a.type) ? 'red' : 'orange'}>{a.typeName}</Tag> },
          {
            title: A.position,
            key: 'pos',
            width: 420,
            render: (_, a) =>
              a.lat !== null && a.lon !== null ? <AddressText point={{ lat: a.lat, lon: a.lon, mac: a.terminalId }} /> : C.common.none,
          },
        ]}
      />
      <Space direction="vertical" />
      <Rules />
    </div>
  );
}
