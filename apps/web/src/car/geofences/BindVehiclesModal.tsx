import { useEffect, useState } from 'react';
import { Modal, type ButtonProps } from 'antd';
import { toast } from '../../shared/ui/toast.ts';
import { geofenceEndpoints, type Geofence } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { VehicleTree } from '../monitor/VehicleTree.tsx';
import { M } from '../messages.ts';

/** Which vehicles a fence watches: tick them in the vehicle tree. */
export function BindVehiclesModal({ fence, onClose, onSaved }: { fence: Geofence | null; onClose: () => void; onSaved: () => void }) {
  const [checked, setChecked] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!fence) return;
    setChecked([]);
    void call(geofenceEndpoints.detail, { geofenceId: fence.geofenceId })
      .then((f) => setChecked(f.vehicleIds))
      .catch(() => undefined);
  }, [fence]);
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
          onSelect={(id) => setChecked((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]))}
          height={330}
          checkable
          checked={checked}
          onCheck={setChecked}
        />
      </div>
    </Modal>
  );
}
