import { useState } from 'react';
import { Modal, type ButtonProps } from 'antd';
import { toast } from '../../shared/ui/toast.ts';
import { geofenceEndpoints, type Geofence } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { VehicleTree } from '../monitor/VehicleTree.tsx';
import { M } from '../messages.ts';

/** Which vehicles a fence watches: tick them in the vehicle tree. */
export function BindVehiclesModal({ fence, onClose, onSaved }: { fence: Geofence | null; onClose: () => void; onSaved: () => void }) {
  // loaded again each time the modal opens; none ticked until it answers (or when it fails)
  const { data, loading } = useWholeList(geofenceEndpoints.detail, fence ? { geofenceId: fence.geofenceId } : undefined, {
    enabled: fence !== null,
    keepOnFailure: false,
  });
  const loaded = loading ? null : data;
  // the ticks as edited, while they belong to the answer shown (a new answer starts from its own)
  const [edited, setEdited] = useState<{ of: typeof loaded; ids: number[] } | null>(null);
  const checked = edited && edited.of === loaded ? edited.ids : (loaded?.vehicleIds ?? []);
  const setChecked = (ids: number[]) => setEdited({ of: loaded, ids });
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (!fence) return;
    setSaving(true);
    try {
      // replace: the ticked vehicles become exactly the fence's
      await call(geofenceEndpoints.bindVehicles, { geofenceId: fence.geofenceId, vehicleIds: checked.join(','), replace: true });
      toast.success(M.geofence.bound);
      onSaved();
    } catch {
      /* shown by the request layer */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={fence !== null}
      title={fence ? M.geofence.bindTitle(fence.name) : ''}
      okText={M.common.save}
      cancelText={M.common.cancel}
      onOk={save}
      confirmLoading={saving}
      onCancel={onClose}
      width={460}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'bind-save' } as ButtonProps}
    >
      <div style={{ height: 460 }}>
        <VehicleTree
          selectedId={null}
          onSelect={(id) => setChecked(checked.includes(id) ? checked.filter((x) => x !== id) : [...checked, id])}
          height={330}
          checkable
          checked={checked}
          onCheck={setChecked}
        />
      </div>
    </Modal>
  );
}
