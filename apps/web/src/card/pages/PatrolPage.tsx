import { useState } from 'react';
import { Button, Checkbox, DatePicker, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Tabs, Tag, TreeSelect } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { cardEndpoints, type Checkpoint, type PatrolPlan, type PatrolPlanForm, type PatrolRun } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { toast } from '../../shared/ui/toast.ts';
import { useLoaded, useWholeList, type WholeList } from '../../shared/list/useLoaded.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { beijingClock, beijingToday } from '../cardTime.ts';
import { allStaff } from '../allStaff.ts';
import { teamTree } from '../teamTree.ts';
import { C } from '../messages.ts';
import { weekdaysText } from '../weekdaysText.ts';

const P = C.patrol;
const COLORS: Record<string, string> = { done: 'green', late: 'orange', missed: 'red', pending: 'default' };

function Checkpoints({ list, canEdit }: { list: WholeList<Checkpoint[]>; canEdit: boolean }) {
  const [form] = Form.useForm<Omit<Checkpoint, 'checkpointId'>>();
  // a checkpoint's save or delete answers every checkpoint
  const add = async () =>
    call(cardEndpoints.saveCheckpoint, await form.validateFields()).then(
      (p) => (list.put(p), form.resetFields()),
      () => {},
    );
  const del = (checkpointId: number) => call(cardEndpoints.deleteCheckpoint, { checkpointId }).then(list.put, () => {});
  return (
    <ListCard<Checkpoint>
      bare
      above={
        canEdit && (
          <Form form={form} layout="inline" style={{ marginBottom: 12 }} initialValues={{ radius: 50 }}>
            <Form.Item name="name" rules={[{ required: true }]}>
              <Input placeholder={C.common.name} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="lat" rules={[{ required: true }]}>
              <InputNumber placeholder={C.shift.lat} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="lon" rules={[{ required: true }]}>
              <InputNumber placeholder={C.shift.lon} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="radius" rules={[{ required: true }]}>
              <InputNumber min={5} max={1000} addonAfter="米" style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="beacon">
              <Input placeholder={C.shift.beacon} style={{ width: 150 }} />
            </Form.Item>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void add()}>
              {P.addPoint}
            </Button>
          </Form>
        )
      }
      list={list}
      rowKey="checkpointId"
      size="small"
      columns={[
        { title: C.common.name, dataIndex: 'name', width: 160 },
        { title: C.shift.lat, dataIndex: 'lat', width: 130 },
        { title: C.shift.lon, dataIndex: 'lon', width: 130 },
        { title: C.shift.radius, dataIndex: 'radius', width: 100 },
        { title: C.shift.beacon, dataIndex: 'beacon', width: 200 },
        ...(canEdit
          ? [
              {
                title: C.common.actions,
                key: 'actions',
                width: 70,
                render: (_: unknown, c: Checkpoint) => (
                  <Popconfirm title={C.common.confirmDelete} onConfirm={() => void del(c.checkpointId)}>
                    <a>{C.common.del}</a>
                  </Popconfirm>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

function PlanModal({ points, onClose }: { points: Checkpoint[]; onClose: (saved: boolean) => void }) {
  const [form] = Form.useForm<PatrolPlanForm>();
  const { rows: staff } = useLoaded(allStaff, null);
  const { rows: teams } = useWholeList(cardEndpoints.teams);
  const save = async () =>
    call(cardEndpoints.savePlan, await form.validateFields()).then(
      () => (toast.success(C.common.saved), onClose(true)),
      () => {},
    );
  return (
    <Modal
      open
      width={640}
      title={P.addPlan}
      onOk={() => void save()}
      onCancel={() => onClose(false)}
      okText={C.common.save}
      cancelText={C.common.cancel}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ weekdays: [1, 2, 3, 4, 5, 6, 7], windows: [{ start: '09:00', end: '10:00' }], lateMinutes: 15 }}
      >
        <Form.Item name="name" label={C.common.name} rules={[{ required: true, max: 30 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="checkpointIds" label={P.route} rules={[{ required: true }]}>
          <Select mode="multiple" options={points.map((p) => ({ value: p.checkpointId, label: p.name }))} />
        </Form.Item>
        <Form.Item name="weekdays" label={C.shift.weekdays}>
          <Checkbox.Group options={C.weekdays.map((d, i) => ({ value: i + 1, label: `周${d}` }))} />
        </Form.Item>
        <Form.Item label={P.windows}>
          <Form.List name="windows">
            {(fields, { add, remove }) => (
              <Space direction="vertical">
                {fields.map((f) => (
                  <Space key={f.key}>
                    <Form.Item name={[f.name, 'start']} rules={[{ required: true }]} noStyle>
                      <Input style={{ width: 90 }} />
                    </Form.Item>
                    —
                    <Form.Item name={[f.name, 'end']} rules={[{ required: true }]} noStyle>
                      <Input style={{ width: 90 }} />
                    </Form.Item>
                    {fields.length > 1 && <MinusCircleOutlined onClick={() => remove(f.name)} />}
                  </Space>
                ))}
                {fields.length < 6 && (
                  <Button size="small" icon={<PlusOutlined />} onClick={() => add({ start: '', end: '' })}>
                    {C.shift.addPeriod}
                  </Button>
                )}
              </Space>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="lateMinutes" label={P.lateMinutes}>
          <InputNumber min={0} max={240} />
        </Form.Item>
        <Form.Item name="staffIds" label={P.assignees}>
          <Select
            mode="multiple"
            optionFilterProp="label"
            options={staff.map((s) => ({ value: s.staffId, label: `${s.name} ${s.staffNo}` }))}
          />
        </Form.Item>
        <Form.Item name="teamId" label={C.common.team}>
          <TreeSelect allowClear treeData={teamTree(teams)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 巡更管理: checkpoints (GPS radius or beacon), plans (route, windows, days, assignees) and each day's runs scored done / late / missed. */
export function PatrolPage() {
  const canEdit = usePermission('card:patrol:edit');
  const [date, setDate] = useState(beijingToday());
  const [adding, setAdding] = useState(false);
  const pointList = useWholeList(cardEndpoints.checkpoints);
  const planList = useWholeList(cardEndpoints.plans);
  const runList = useWholeList(cardEndpoints.patrolRuns, { date });
  // the day's runs follow the plans
  const loadPlans = () => planList.reload().then(() => runList.reload());
  const delPlan = (planId: number) =>
    call(cardEndpoints.deletePlan, { planId }).then(
      () => void loadPlans(),
      () => {},
    );
  return (
    <div className="sp-page" data-testid="card-patrol">
      <section className="sp-card">
        <div className="sp-toolbar">
          <span className="sp-title">{P.title}</span>
        </div>
        <Tabs
          items={[
            {
              key: 'runs',
              label: P.runs,
              children: (
                <ListCard<PatrolRun>
                  bare
                  filters={<DatePicker allowClear={false} value={dayjs(date)} onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))} />}
                  list={runList}
                  rowKey={(r) => `${r.planId}-${r.window}`}
                  size="small"
                  table={{ 'data-testid': 'card-patrol-runs' }}
                  columns={[
                    { title: P.planName, dataIndex: 'planName', width: 140 },
                    { title: P.window, key: 'w', width: 120, render: (_, r) => `${r.start}-${r.end}` },
                    {
                      title: P.status,
                      key: 's',
                      width: 100,
                      render: (_, r) => <Tag color={COLORS[r.status]}>{r.statusName}</Tag>,
                    },
                    {
                      title: P.visits,
                      key: 'v',
                      width: 640,
                      // every checkpoint's tag, wrapped: none may be cut away
                      ellipsis: false,
                      render: (_, r) =>
                        r.visits.map((v) => (
                          <Tag key={v.checkpointId} color={COLORS[v.status]}>
                            {v.name} {v.visitedAt ? `${beijingClock(v.visitedAt)} ${v.staffName}` : v.statusName}
                          </Tag>
                        )),
                    },
                  ]}
                />
              ),
            },
            {
              key: 'plans',
              label: P.plans,
              children: (
                <ListCard<PatrolPlan>
                  bare
                  actions={
                    canEdit && (
                      <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                        {P.addPlan}
                      </Button>
                    )
                  }
                  list={planList}
                  rowKey="planId"
                  size="small"
                  columns={[
                    { title: C.common.name, dataIndex: 'name', width: 140 },
                    { title: P.route, dataIndex: 'checkpointNames', width: 300, render: (n: string[]) => n.join(' → ') },
                    { title: C.shift.weekdays, dataIndex: 'weekdays', width: 140, render: (w: number[]) => weekdaysText(w) },
                    {
                      title: P.windows,
                      dataIndex: 'windows',
                      width: 180,
                      render: (w: PatrolPlan['windows']) => w.map((x) => `${x.start}-${x.end}`).join('，'),
                    },
                    { title: P.assignees, dataIndex: 'assignees', width: 220 },
                    ...(canEdit
                      ? [
                          {
                            title: C.common.actions,
                            key: 'actions',
                            width: 70,
                            render: (_: unknown, p: PatrolPlan) => (
                              <Popconfirm title={C.common.confirmDelete} onConfirm={() => void delPlan(p.planId)}>
                                <a>{C.common.del}</a>
                              </Popconfirm>
                            ),
                          },
                        ]
                      : []),
                  ]}
                />
              ),
            },
            { key: 'points', label: P.checkpoints, children: <Checkpoints list={pointList} canEdit={canEdit} /> },
          ]}
        />
      </section>
      {adding && <PlanModal points={pointList.rows} onClose={(saved) => (setAdding(false), saved && void loadPlans())} />}
    </div>
  );
}
