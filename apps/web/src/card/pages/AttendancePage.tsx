import { useState } from 'react';
import { DatePicker, Input, Modal, Select, Tag, TreeSelect } from 'antd';
import dayjs from 'dayjs';
import { ATTENDANCE_STATUS_NAMES, cardEndpoints, type AttendanceRow, type AttendanceStatus } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { beijingDate } from '../../shared/format/beijingTime.ts';
import { usePagedList } from '../../shared/list/usePagedList.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { beijingClock, beijingToday } from '../cardTime.ts';
import { teamTree } from '../teamTree.ts';
import { C } from '../messages.ts';

const A = C.attendance;
const COLORS: Record<string, string> = {
  normal: 'green',
  late: 'orange',
  early: 'gold',
  lateEarly: 'volcano',
  absent: 'red',
  pending: 'default',
};
/** A time of the row's period; a night period's morning reads 次日06:00. */
const periodClock = (ms: number | null, r: AttendanceRow) =>
  ms !== null && beijingDate(ms) > r.day ? `${C.shift.nextDay}${beijingClock(ms)}` : beijingClock(ms);
const CORRECTABLE = Object.entries(ATTENDANCE_STATUS_NAMES)
  .filter(([k]) => k !== 'pending')
  .map(([value, label]) => ({ value, label }));

/** 考勤记录: each person's periods of a day, judged from their positions; a supervisor may correct one (kept with who did it). */
export function AttendancePage() {
  const canEdit = usePermission('card:attendance:edit');
  const { rows: teams } = useWholeList(cardEndpoints.teams);
  const [date, setDate] = useState(beijingToday());
  const [teamId, setTeamId] = useState<number | undefined>();
  const [status, setStatus] = useState<AttendanceStatus | undefined>();
  const [keyword, setKeyword] = useState('');
  const rows = usePagedList(cardEndpoints.attendance, { date, teamId, status, keyword: keyword || undefined });
  const [fixing, setFixing] = useState<AttendanceRow | null>(null);
  const [fix, setFix] = useState<{ status: AttendanceStatus; note: string }>({ status: 'normal', note: '' });
  const save = () =>
    call(cardEndpoints.correctAttendance, {
      staffId: fixing!.staffId,
      day: fixing!.day,
      period: fixing!.period,
      status: fix.status,
      note: fix.note.trim(),
    }).then(
      () => (toast.success(C.common.saved), setFixing(null), void rows.reload()),
      () => {},
    );
  return (
    <div className="sp-page" data-testid="card-attendance">
      <ListCard<AttendanceRow>
        title={A.title}
        filters={
          <>
            <DatePicker allowClear={false} value={dayjs(date)} onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))} />
            <TreeSelect
              allowClear
              placeholder={C.common.allTeams}
              style={{ width: 150 }}
              treeData={teamTree(teams)}
              value={teamId}
              onChange={setTeamId}
            />
            <Select
              allowClear
              placeholder={A.allStatus}
              style={{ width: 130 }}
              value={status}
              onChange={setStatus}
              options={Object.entries(ATTENDANCE_STATUS_NAMES).map(([value, label]) => ({ value, label }))}
            />
            <Input.Search allowClear placeholder={C.common.keyword} style={{ width: 200 }} onSearch={(v) => setKeyword(v.trim())} />
          </>
        }
        list={rows}
        rowKey={(r) => `${r.staffId}-${r.period}`}
        size="small"
        table={{ 'data-testid': 'card-attendance-table' }}
        columns={[
          { title: C.staff.no, dataIndex: 'staffNo', width: 90 },
          { title: C.staff.name, dataIndex: 'name', width: 90 },
          { title: C.staff.team, dataIndex: 'teamName', width: 120 },
          { title: A.period, key: 'p', width: 140, render: (_, r) => C.shift.span(r) },
          { title: A.arrived, dataIndex: 'arrivedAt', width: 100, render: (ms: number | null, r) => periodClock(ms, r) },
          { title: A.left, dataIndex: 'leftAt', width: 100, render: (ms: number | null, r) => periodClock(ms, r) },
          {
            title: A.status,
            key: 's',
            width: 160,
            render: (_, r) => (
              <>
                <Tag color={COLORS[r.status]}>{r.statusName}</Tag>
                {r.correctedBy && (
                  <span className="sp-muted">
                    {A.computed}：{ATTENDANCE_STATUS_NAMES[r.computedStatus]}
                  </span>
                )}
              </>
            ),
          },
          { title: A.corrected, key: 'c', width: 220, render: (_, r) => (r.correctedBy ? `${r.correctedBy}：${r.correctionNote}` : '') },
          ...(canEdit
            ? [
                {
                  title: C.common.actions,
                  key: 'actions',
                  width: 70,
                  render: (_: unknown, r: AttendanceRow) => (
                    <a onClick={() => (setFixing(r), setFix({ status: r.status === 'pending' ? 'normal' : r.status, note: '' }))}>
                      {A.correct}
                    </a>
                  ),
                },
              ]
            : []),
        ]}
      />
      {fixing && (
        <Modal
          open
          title={`${A.correctTitle} · ${fixing.name} ${fixing.day} ${C.shift.span(fixing)}`}
          onOk={() => void save()}
          okButtonProps={{ disabled: !fix.note.trim() }}
          onCancel={() => setFixing(null)}
          okText={C.common.save}
          cancelText={C.common.cancel}
        >
          <Select
            style={{ width: '100%', marginBottom: 8 }}
            value={fix.status}
            onChange={(s) => setFix((f) => ({ ...f, status: s }))}
            options={CORRECTABLE}
          />
          <Input.TextArea
            rows={3}
            maxLength={200}
            placeholder={A.note}
            value={fix.note}
            onChange={(e) => setFix((f) => ({ ...f, note: e.target.value }))}
          />
        </Modal>
      )}
    </div>
  );
}
