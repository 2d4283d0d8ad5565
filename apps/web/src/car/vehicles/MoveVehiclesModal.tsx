import { useEffect, useState } from 'react';
import { Modal, TreeSelect } from 'antd';
import { vehicleEndpoints, type GroupNode } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { toast } from '../../shared/ui/toast.ts';
import { M } from '../messages.ts';
import { groupOptions } from './groupOptions.ts';

/** Moves vehicles (one or a batch) into a group, or out of every group. */
export function MoveVehiclesModal({
  vehicleIds,
  groups,
  onClose,
  onMoved,
}: {
  vehicleIds: number[];
  groups: GroupNode[];
  onClose: () => void;
  onMoved: () => void;
}) {
  const [target, setTarget] = useState<number | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  useEffect(() => setTarget(undefined), [vehicleIds]);

  const move = async () => {
    setSaving(true);
    try {
      const { moved } = await call(vehicleEndpoints.move, { vehicleIds: vehicleIds.join(','), groupId: target ?? 0 });
      toast.success(M.vehicles.moved(moved));
      onMoved();
    } catch {
      /* shown by the request layer */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={vehicleIds.length > 0}
      title={M.groups.moveSelected(vehicleIds.length)}
      okText={M.common.confirm}
      cancelText={M.common.cancel}
      confirmLoading={saving}
      onOk={move}
      onCancel={onClose}
      data-testid="vehicle-move"
    >
      <TreeSelect
        style={{ width: '100%' }}
        allowClear
        treeDefaultExpandAll
        placeholder={M.groups.ungroup}
        value={target}
        onChange={(v?: number) => setTarget(v)}
        treeData={groupOptions(groups)}
        data-testid="vehicle-move-target"
      />
    </Modal>
  );
}
