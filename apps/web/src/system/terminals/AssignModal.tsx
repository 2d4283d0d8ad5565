import { useEffect, useState } from 'react';
import { Form, Modal, TreeSelect } from 'antd';
import { terminalEndpoints, type Account, type Terminal } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { toast } from '../../shared/ui/toast.ts';
import { accountOptions } from '../accounts/useAccounts.ts';
import { S } from '../messages.ts';

const T = S.terminal;

/** 分配: chosen terminals into an account of the caller's subtree. */
export function AssignModal({
  terminals,
  accounts,
  onClose,
  onDone,
}: {
  terminals: Terminal[] | null;
  accounts: Account[];
  onClose: () => void;
  onDone: () => void;
}) {
  const [accountId, setAccountId] = useState<number>();
  const [saving, setSaving] = useState(false);
  useEffect(() => setAccountId(undefined), [terminals]);
  if (!terminals) return null;

  const submit = async () => {
    if (!accountId) return;
    setSaving(true);
    try {
      const res = await call(terminalEndpoints.assign, { terminalIds: terminals.map((t) => t.terminalId).join(','), accountId });
      toast.success(T.assigned(res.updated));
      onDone();
    } catch {
      // the request layer has shown the reason
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={T.assignTitle(terminals.length)}
      onCancel={onClose}
      onOk={() => void submit()}
      okButtonProps={{ disabled: !accountId }}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={T.assignTarget} required>
          <TreeSelect
            showSearch
            treeDefaultExpandAll
            treeNodeFilterProp="title"
            treeData={accountOptions(accounts)}
            value={accountId}
            onChange={setAccountId}
            placeholder={T.assignTarget}
            data-testid="assign-account"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
