import { useState } from 'react';
import { Button, Checkbox, Form, Input, InputNumber, Modal, Popconfirm, Space, Tag } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { CARD_LIMITS, cardEndpoints, type CardShift, type ShiftForm } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { toast } from '../../shared/ui/toast.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { C } from '../messages.ts';
import { weekdaysText } from '../weekdaysText.ts';

const S = C.shift;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const days = (text: string | undefined) =>
  (text ?? '')
    .split(/[,，\s]+/)
    .map((d) => d.trim())
    .filter(Boolean);
type Values = Omit<ShiftForm, 'holidays' | 'workdays'> & { holidays?: string; workdays?: string };

function ShiftModal({ shift, onClose }: { shift: CardShift | null; onClose: (saved: boolean) => void }) {
  const [form] = Form.useForm<Values>();
  const initial: Partial<Values> = shift
    ? { ...shift, holidays: shift.holidays.join(','), workdays: shift.workdays.join(',') }
    : { weekdays: [1, 2, 3, 4, 5], periods: [{ start: '08:00', end: '12:00' }], lateMinutes: 5, earlyMinutes: 5, clockPoints: [] };
  const save = async () => {
    const v = await form.validateFields();
    await call(cardEndpoints.saveShift, {
      ...v,
      shiftId: shift?.shiftId,
      holidays: days(v.holidays),
      workdays: days(v.workdays),
      clockPoints: (v.clockPoints ?? []).map((p) => ({ ...p, beacon: p.beacon ?? '' })),
    }).then(
      () => (toast.success(C.common.saved), onClose(true)),
      () => {},
    );
  };
  const clock = { pattern: CLOCK, message: 'HH:mm' };
  // A period whose end is not after its start ends the next day (docs/card.md).
  const nextDay = (name: number) => {
    const p = form.getFieldValue(['periods', name]) as { start?: string; end?: string } | undefined;
    return Boolean(p && CLOCK.test(p.start ?? '') && CLOCK.test(p.end ?? '') && p.end! <= p.start!);
  };
  return (
    <Modal
      open
      width={720}
      title={shift ? `${C.common.edit} · ${shift.name}` : S.addShift}
      onOk={() => void save()}
      onCancel={() => onClose(false)}
      okText={C.common.save}
      cancelText={C.common.cancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} data-testid="card-shift-form">
        <Form.Item name="name" label={C.common.name} rules={[{ required: true, max: 30 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="weekdays" label={S.weekdays}>
          <Checkbox.Group options={C.weekdays.map((d, i) => ({ value: i + 1, label: `周${d}` }))} />
        </Form.Item>
        <Form.Item label={S.periods} extra={S.periodsHelp}>
          <Form.List name="periods">
            {(fields, { add, remove }) => (
              <Space direction="vertical">
                {fields.map((f) => (
                  <Space key={f.key}>
                    <Form.Item name={[f.name, 'start']} rules={[{ required: true }, clock]} noStyle>
                      <Input style={{ width: 90 }} placeholder="08:00" />
                    </Form.Item>
                    —
                    <Form.Item noStyle shouldUpdate>
                      {() =>
                        nextDay(f.name) ? (
                          <Tag color="purple" data-testid="card-period-next-day">
                            {S.nextDay}
                          </Tag>
                        ) : null
                      }
                    </Form.Item>
                    <Form.Item name={[f.name, 'end']} rules={[{ required: true }, clock]} noStyle>
                      <Input style={{ width: 90 }} placeholder="12:00" />
                    </Form.Item>
                    {fields.length > 1 && <MinusCircleOutlined onClick={() => remove(f.name)} />}
                  </Space>
                ))}
                {fields.length < CARD_LIMITS.periods && (
                  <Button size="small" icon={<PlusOutlined />} onClick={() => add({ start: '', end: '' })}>
                    {S.addPeriod}
                  </Button>
                )}
              </Space>
            )}
          </Form.List>
        </Form.Item>
        <Space>
          <Form.Item name="lateMinutes" label={S.late} rules={[{ required: true }]}>
            <InputNumber min={0} max={240} />
          </Form.Item>
          <Form.Item name="earlyMinutes" label={S.early} rules={[{ required: true }]}>
            <InputNumber min={0} max={240} />
          </Form.Item>
        </Space>
        <Form.Item name="holidays" label={S.holidays} extra={S.dates}>
          <Input />
        </Form.Item>
        <Form.Item name="workdays" label={S.workdays}>
          <Input />
        </Form.Item>
        <Form.Item label={S.clockPoints}>
          <Form.List name="clockPoints">
            {(fields, { add, remove }) => (
              <Space direction="vertical">
                {fields.map((f) => (
                  <Space key={f.key} wrap>
                    <Form.Item name={[f.name, 'name']} rules={[{ required: true }]} noStyle>
                      <Input style={{ width: 90 }} placeholder={C.common.name} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'lat']} rules={[{ required: true }]} noStyle>
                      <InputNumber style={{ width: 110 }} placeholder={S.lat} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'lon']} rules={[{ required: true }]} noStyle>
                      <InputNumber style={{ width: 110 }} placeholder={S.lon} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'radius']} rules={[{ required: true }]} noStyle>
                      <InputNumber style={{ width: 90 }} min={10} max={2000} placeholder={S.radius} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'beacon']} noStyle>
                      <Input style={{ width: 150 }} placeholder={S.beacon} />
                    </Form.Item>
                    <MinusCircleOutlined onClick={() => remove(f.name)} />
                  </Space>
                ))}
                {fields.length < CARD_LIMITS.clockPoints && (
                  <Button size="small" icon={<PlusOutlined />} onClick={() => add({ name: '', radius: 500, beacon: '' })}>
                    {S.addPoint}
                  </Button>
                )}
              </Space>
            )}
          </Form.List>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 排班管理: shifts — workdays, holidays and special working days, up to four periods, thresholds, clock points. */
export function ShiftPage() {
  const canEdit = usePermission('card:shift:edit');
  const shifts = useWholeList(cardEndpoints.shifts);
  const { reload } = shifts;
  const [editing, setEditing] = useState<CardShift | null | 'new'>(null);
  const del = (shiftId: number) =>
    call(cardEndpoints.deleteShift, { shiftId }).then(
      () => void reload(),
      () => {},
    );
  return (
    <div className="sp-page" data-testid="card-shift">
      <ListCard<CardShift>
        title={S.title}
        actions={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {S.addShift}
            </Button>
          )
        }
        list={shifts}
        rowKey="shiftId"
        size="small"
        table={{ 'data-testid': 'card-shift-table' }}
        columns={[
          { title: C.common.name, dataIndex: 'name', width: 120 },
          {
            title: S.weekdays,
            dataIndex: 'weekdays',
            width: 160,
            render: (w: number[]) => weekdaysText(w),
          },
          {
            title: S.periodsColumn,
            dataIndex: 'periods',
            width: 260,
            render: (ps: CardShift['periods']) => ps.map((p) => <Tag key={p.start}>{S.span(p)}</Tag>),
          },
          { title: S.lateColumn, dataIndex: 'lateMinutes', width: 100, render: S.minutes },
          { title: S.earlyColumn, dataIndex: 'earlyMinutes', width: 100, render: S.minutes },
          {
            title: S.clockPointsColumn,
            dataIndex: 'clockPoints',
            width: 200,
            render: (cs: CardShift['clockPoints']) => cs.map((c) => c.name).join('、') || C.common.none,
          },
          ...(canEdit
            ? [
                {
                  title: C.common.actions,
                  key: 'actions',
                  width: 110,
                  render: (_: unknown, s: CardShift) => (
                    <Space>
                      <a onClick={() => setEditing(s)}>{C.common.edit}</a>
                      <Popconfirm title={C.common.confirmDelete} onConfirm={() => void del(s.shiftId)}>
                        <a>{C.common.del}</a>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && <ShiftModal shift={editing === 'new' ? null : editing} onClose={(saved) => (setEditing(null), saved && void reload())} />}
    </div>
  );
}
