import { useState } from 'react';
import { Avatar, Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, TreeSelect, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { cardEndpoints, type CardTeam, type Staff, type StaffForm, type StaffImportResult } from '@chelian/contracts';
import { ImportCheckResult } from '../../shared/import/ImportCheckResult.tsx';
import { importCheckOf } from '../../shared/import/importCheck.ts';
import { call } from '../../shared/request/call.ts';
import { RequestError } from '../../shared/request/RequestError.ts';
import { exportUrl } from '../../shared/request/helpers.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { usePagedList } from '../../shared/list/usePagedList.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { teamTree } from '../teamTree.ts';
import { C, STATE_COLORS } from '../messages.ts';

const S = C.staff;

function StaffModal({ staff, teams, onClose }: { staff: Staff | null; teams: CardTeam[]; onClose: (saved: boolean) => void }) {
  const [form] = Form.useForm<StaffForm>();
  const { rows: shifts } = useWholeList(cardEndpoints.shifts);
  const save = async () => {
    const v = await form.validateFields();
    await call(cardEndpoints.saveStaff, { ...v, staffId: staff?.staffId, teamId: v.teamId ?? 0, shiftId: v.shiftId ?? 0 }).then(
      () => (toast.success(C.common.saved), onClose(true)),
      () => {},
    );
  };
  const photo = (file: File) => {
    const reader = new FileReader();
    reader.onload = () =>
      void call(cardEndpoints.uploadPhoto, { staffId: staff!.staffId, data: String(reader.result) }).then(
        () => toast.success(C.common.saved),
        () => {},
      );
    reader.readAsDataURL(file);
    return false;
  };
  return (
    <Modal
      open
      title={staff ? S.editStaff : S.addStaff}
      onOk={() => void save()}
      onCancel={() => onClose(false)}
      okText={C.common.save}
      cancelText={C.common.cancel}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={staff ? { ...staff, teamId: staff.teamId ?? undefined, shiftId: staff.shiftId ?? undefined } : {}}
        data-testid="card-staff-form"
      >
        <Space.Compact block>
          <Form.Item name="staffNo" label={S.no} rules={[{ required: true, max: 30 }]} style={{ flex: 1 }}>
            <Input />
          </Form.Item>
          <Form.Item name="name" label={S.name} rules={[{ required: true, max: 20 }]} style={{ flex: 1, marginLeft: 8 }}>
            <Input />
          </Form.Item>
        </Space.Compact>
        <Space.Compact block>
          <Form.Item name="job" label={S.job} rules={[{ max: 20 }]} style={{ flex: 1 }}>
            <Input />
          </Form.Item>
          <Form.Item
            name="phone"
            label={S.phone}
            rules={[{ pattern: /^\+?\d{3,20}$/, message: '电话格式不正确' }]}
            style={{ flex: 1, marginLeft: 8 }}
          >
            <Input />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="teamId" label={S.team}>
          <TreeSelect allowClear treeDefaultExpandAll treeData={teamTree(teams)} />
        </Form.Item>
        <Form.Item name="shiftId" label={S.ownShift}>
          <Select allowClear options={shifts.map((s) => ({ value: s.shiftId, label: s.name }))} />
        </Form.Item>
        <Form.Item name="remark" label={S.remark} rules={[{ max: 100 }]}>
          <Input />
        </Form.Item>
        {staff && (
          <Upload accept="image/png,image/jpeg" showUploadList={false} beforeUpload={photo}>
            <Button icon={<UploadOutlined />}>{S.uploadPhoto}</Button> <span className="sp-muted">{S.photoHelp}</span>
          </Upload>
        )}
      </Form>
    </Modal>
  );
}

function TeamsModal({ teams, onClose }: { teams: CardTeam[]; onClose: () => void }) {
  const [name, setName] = useState('');
  const [parentId, setParentId] = useState<number | undefined>();
  const [shiftId, setShiftId] = useState<number | undefined>();
  const { rows: shifts } = useWholeList(cardEndpoints.shifts);
  const [list, setList] = useState(teams);
  const add = () =>
    call(cardEndpoints.saveTeam, { name: name.trim(), parentId: parentId ?? 0, shiftId: shiftId ?? 0 }).then(
      (t) => (setList(t), setName('')),
      () => {},
    );
  const del = (teamId: number) => call(cardEndpoints.deleteTeam, { teamId }).then(setList, () => {});
  return (
    <Modal open title={S.teams} footer={null} onCancel={onClose} width={640}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input
          placeholder={S.teamName}
          value={name}
          onChange={(e) => setName(e.target.value)}
          style={{ width: 150 }}
          data-testid="card-team-name"
        />
        <TreeSelect
          allowClear
          placeholder={S.parentTeam}
          style={{ width: 150 }}
          treeData={teamTree(list)}
          value={parentId}
          onChange={setParentId}
        />
        <Select
          allowClear
          placeholder={S.teamShift}
          style={{ width: 130 }}
          value={shiftId}
          onChange={setShiftId}
          options={shifts.map((s) => ({ value: s.shiftId, label: s.name }))}
        />
        <Button type="primary" disabled={!name.trim()} onClick={() => void add()}>
          {C.common.add}
        </Button>
      </Space>
      <Table<CardTeam>
        rowKey="teamId"
        size="small"
        pagination={false}
        dataSource={list}
        columns={[
          { title: S.teamName, dataIndex: 'name' },
          { title: S.parentTeam, key: 'p', render: (_, t) => list.find((x) => x.teamId === t.parentId)?.name ?? C.common.none },
          { title: S.shift, key: 's', render: (_, t) => shifts.find((x) => x.shiftId === t.shiftId)?.name ?? C.common.none },
          { title: C.common.staff, dataIndex: 'staffCount', width: 70 },
          {
            title: C.common.actions,
            key: 'a',
            width: 70,
            render: (_, t) => (
              <Popconfirm title={C.common.confirmDelete} onConfirm={() => void del(t.teamId)}>
                <a>{C.common.del}</a>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Modal>
  );
}

type StaffImportRow = StaffImportResult['rows'][number];
/** What names a row of the staff sheet, beside its number and reasons. */
const STAFF_ROW_COLUMNS: ColumnsType<StaffImportRow> = [
  { title: S.no, dataIndex: 'staffNo', width: 120 },
  { title: S.name, dataIndex: 'name', width: 100 },
];

/**
 * 导入人员: the sheet is checked and written in one go (all or nothing); a refused sheet shows each
 * row with its reasons (ImportCheckResult, the counts from its rows) until another file is chosen.
 */
function ImportModal({ onClose }: { onClose: (done: boolean) => void }) {
  const [rows, setRows] = useState<StaffImportRow[] | null>(null);
  const send = (file: File) => {
    setRows(null); // a new file's answer, never the last one's rows beside it
    call(cardEndpoints.importStaff, { file }, { silent: true }).then(
      (r) => (toast.success(S.imported(r.created, r.updated)), onClose(true)),
      (err: unknown) => {
        const obj = err instanceof RequestError ? (err.obj as StaffImportResult | undefined) : undefined;
        if (obj?.rows) setRows(obj.rows);
        toast.error(err instanceof Error ? err.message : String(err));
      },
    );
    return false;
  };
  return (
    <Modal open title={S.importStaff} footer={null} onCancel={() => onClose(false)} width={820}>
      <p className="sp-muted">{S.importHelp}</p>
      <Upload accept=".xlsx,.csv" showUploadList={false} beforeUpload={send}>
        <Button icon={<UploadOutlined />} data-testid="card-import-file">
          {S.importStaff}
        </Button>
      </Upload>
      {rows && (
        <div style={{ marginTop: 12 }} data-testid="card-import-result">
          <ImportCheckResult checked={importCheckOf(rows)} columns={STAFF_ROW_COLUMNS} />
        </div>
      )}
    </Modal>
  );
}

/** 人员管理: staff with their team tree, profile, photo and badge; Excel import (checked row by row) and export. */
export function StaffPage() {
  const canEdit = usePermission('card:staff:edit');
  const { rows: teams, reload: reloadTeams } = useWholeList(cardEndpoints.teams);
  const [teamId, setTeamId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const list = usePagedList(cardEndpoints.staff, { teamId, keyword: keyword || undefined });
  // bumped after an edit so a changed photo is fetched again
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<Staff | null | 'new'>(null);
  const [modal, setModal] = useState<'teams' | 'import' | null>(null);
  const refresh = () => (setVersion((v) => v + 1), void list.reload());
  const del = (s: Staff) =>
    call(cardEndpoints.deleteStaff, { staffId: s.staffId }).then(
      () => (toast.success(C.common.deleted), refresh()),
      () => {},
    );
  return (
    <div className="sp-page" data-testid="card-staff">
      <ListCard<Staff>
        title={S.title}
        filters={
          <>
            <TreeSelect
              allowClear
              placeholder={C.common.allTeams}
              style={{ width: 160 }}
              treeData={teamTree(teams)}
              value={teamId}
              onChange={setTeamId}
            />
            <Input.Search allowClear placeholder={C.common.keyword} style={{ width: 220 }} onSearch={(v) => setKeyword(v.trim())} />
          </>
        }
        actions={
          <>
            {canEdit && (
              <Button icon={<PlusOutlined />} type="primary" onClick={() => setEditing('new')} data-testid="card-add-staff">
                {S.addStaff}
              </Button>
            )}
            {canEdit && (
              <Button onClick={() => setModal('teams')} data-testid="card-teams">
                {S.teams}
              </Button>
            )}
            {canEdit && (
              <Button icon={<UploadOutlined />} onClick={() => setModal('import')} data-testid="card-import-open">
                {S.importStaff}
              </Button>
            )}
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                void call(cardEndpoints.exportStaff, { teamId, keyword: keyword || undefined }, { fileName: '人员列表.xlsx' }).catch(
                  () => {},
                )
              }
            >
              {C.common.exportExcel}
            </Button>
          </>
        }
        list={list}
        rowKey="staffId"
        size="small"
        table={{ 'data-testid': 'card-staff-table' }}
        columns={[
          {
            title: S.photo,
            key: 'photo',
            width: 60,
            render: (_, s) => (
              <Avatar size="small" src={s.hasPhoto ? exportUrl(cardEndpoints.photo.path, { staffId: s.staffId, v: version }) : undefined}>
                {s.name.slice(0, 1)}
              </Avatar>
            ),
          },
          { title: S.no, dataIndex: 'staffNo', width: 100 },
          { title: S.name, dataIndex: 'name', width: 100 },
          { title: S.job, dataIndex: 'job', width: 100 },
          { title: S.phone, dataIndex: 'phone', width: 120 },
          { title: S.team, dataIndex: 'teamName', width: 120 },
          { title: S.shift, dataIndex: 'shiftName', width: 100 },
          {
            title: S.badge,
            dataIndex: 'terminalId',
            width: 150,
            render: (v: string) => v || <span className="sp-muted">{C.common.none}</span>,
          },
          { title: S.state, key: 'state', width: 90, render: (_, s) => <Tag color={STATE_COLORS[s.state]}>{s.stateName}</Tag> },
          ...(canEdit
            ? [
                {
                  title: C.common.actions,
                  key: 'a',
                  width: 110,
                  fixed: 'right' as const,
                  render: (_: unknown, s: Staff) => (
                    <Space>
                      <a onClick={() => setEditing(s)}>{C.common.edit}</a>
                      <Popconfirm title={C.common.confirmDelete} onConfirm={() => void del(s)}>
                        <a>{C.common.del}</a>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && (
        <StaffModal staff={editing === 'new' ? null : editing} teams={teams} onClose={(saved) => (setEditing(null), saved && refresh())} />
      )}
      {modal === 'teams' && <TeamsModal teams={teams} onClose={() => (setModal(null), void reloadTeams(), refresh())} />}
      {modal === 'import' && <ImportModal onClose={(done) => (setModal(null), done && refresh())} />}
    </div>
  );
}
