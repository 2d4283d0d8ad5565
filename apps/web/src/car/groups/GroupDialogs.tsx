import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal, TreeSelect, Typography } from 'antd';
import { groupEndpoints, type GroupNode } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { toast } from '../../shared/ui/toast.ts';
import { M } from '../messages.ts';
import { groupOptions } from '../vehicles/groupOptions.ts';

const G = M.groups;
const TOP = 0;

/** What the tree asked for: a new group (under `parentId`), a rename, a move, a delete. */
export type GroupAction =
  | { kind: 'add'; parentId: number | null }
  | { kind: 'rename'; group: GroupNode }
  | { kind: 'move'; group: GroupNode }
  | { kind: 'delete'; group: GroupNode };

/** The one dialog of the group tree, shaped by the action. */
export function GroupDialog({
  action,
  groups,
  accountId,
  onClose,
  onDone,
}: {
  action: GroupAction | null;
  groups: GroupNode[];
  /** the account a new top-level group goes into (default: the operator's) */
  accountId?: number;
  onClose: () => void;
  onDone: (groupId: number | null) => void;
}) {
  const [name, setName] = useState('');
  const [target, setTarget] = useState<number | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    setTouched(false);
    setName(action?.kind === 'rename' ? action.group.name : '');
    setTarget(action?.kind === 'move' ? (action.group.parentId ?? TOP) : action?.kind === 'add' ? (action.parentId ?? TOP) : undefined);
  }, [action]);

  if (!action) return null;
  const needsName = action.kind === 'add' || action.kind === 'rename';
  const blocked = action.kind === 'delete' && action.group.children.length > 0;

  const run = async (): Promise<number | null> => {
    switch (action.kind) {
      case 'add':
        return (await call(groupEndpoints.add, { name: name.trim(), parentId: target ?? TOP, accountId })).groupId;
      case 'rename':
        return (await call(groupEndpoints.update, { groupId: action.group.id, name: name.trim() })).groupId;
      case 'move':
        return (await call(groupEndpoints.update, { groupId: action.group.id, parentId: target ?? TOP })).groupId;
      case 'delete':
        await call(groupEndpoints.delete, { groupId: action.group.id, moveTo: target ?? TOP });
        return null;
    }
  };
  const ok = async () => {
    setTouched(true);
    if (needsName && !name.trim()) return;
    setSaving(true);
    try {
      const id = await run();
      toast.success(action.kind === 'delete' ? G.deleted : G.saved);
      onDone(id);
    } catch {
      /* the request layer shows the server's reason */
    } finally {
      setSaving(false);
    }
  };

  const title = {
    add: G.add,
    rename: G.rename,
    move: action.kind === 'move' ? G.moveTitle(action.group.name) : '',
    delete: action.kind === 'delete' ? G.deleteTitle(action.group.name) : '',
  }[action.kind];
  const parentTree = [{ value: TOP, title: G.topLevel }, ...groupOptions(groups, action.kind === 'move' ? action.group.id : undefined)];

  return (
    <Modal
      open
      title={title}
      okText={{ add: M.common.save, rename: M.common.save, move: M.common.confirm, delete: G.delete }[action.kind]}
      okButtonProps={{ danger: action.kind === 'delete', disabled: blocked }}
      cancelText={M.common.cancel}
      confirmLoading={saving}
      onOk={ok}
      onCancel={onClose}
      data-testid="group-dialog"
    >
      {needsName && (
        <Form layout="vertical">
          <Form.Item
            label={G.name}
            required
            validateStatus={touched && !name.trim() ? 'error' : undefined}
            help={touched && !name.trim() ? G.nameRequired : undefined}
          >
            <Input
              autoFocus
              maxLength={40}
              value={name}
              onChange={(e) => setName(e.target.value)}
              onPressEnter={ok}
              data-testid="group-name"
            />
          </Form.Item>
          {action.kind === 'add' && (
            <Form.Item label={G.parent}>
              <TreeSelect treeDefaultExpandAll value={target} onChange={setTarget} treeData={parentTree} />
            </Form.Item>
          )}
        </Form>
      )}
      {action.kind === 'move' && (
        <Form layout="vertical">
          <Form.Item label={G.parent}>
            <TreeSelect treeDefaultExpandAll value={target} onChange={setTarget} treeData={parentTree} data-testid="group-parent" />
          </Form.Item>
        </Form>
      )}
      {action.kind === 'delete' &&
        (blocked ? (
          <Alert type="warning" showIcon message={G.deleteHasChildren} />
        ) : action.group.vehicleCount === 0 ? (
          <Typography.Text>{G.deleteEmpty}</Typography.Text>
        ) : (
          <>
            <Typography.Paragraph>{G.deleteWithVehicles(action.group.vehicleCount)}</Typography.Paragraph>
            <TreeSelect
              style={{ width: '100%' }}
              treeDefaultExpandAll
              value={target ?? TOP}
              onChange={setTarget}
              treeData={[{ value: TOP, title: G.ungroup }, ...groupOptions(groups, action.group.id)]}
              data-testid="group-delete-target"
            />
          </>
        ))}
    </Modal>
  );
}
