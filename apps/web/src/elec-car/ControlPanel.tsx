import { useState } from 'react';
import { Button, Popconfirm } from 'antd';
import { AimOutlined, LockOutlined, PoweroffOutlined, SoundOutlined, ThunderboltOutlined, UnlockOutlined } from '@ant-design/icons';
import { elecCarEndpoints, type Bike, type ElecCarAction } from '@chelian/contracts';
import { call } from '../shared/request/call.ts';
import { toast } from '../shared/ui/toast.ts';
import { E } from './messages.ts';

const C = E.controls;

/** 远程控制: arm, disarm, cut (the safe cut), restore, find, locate — each a command through the queue. */
export function ControlPanel({ bike, onDone }: { bike: Bike; onDone: () => void }) {
  const [busy, setBusy] = useState<ElecCarAction | null>(null);
  const send = (action: ElecCarAction) => {
    setBusy(action);
    call(elecCarEndpoints.control, { bikeId: bike.bikeId, action })
      .then((r) => (r.status === 'pending' ? toast.warning(r.message) : toast.success(r.message), onDone()))
      .catch(() => {})
      .finally(() => setBusy(null));
  };
  const button = (action: ElecCarAction, icon: React.ReactNode, extra: object = {}) => (
    <Button icon={icon} loading={busy === action} onClick={() => send(action)} data-testid={`ec-control-${action}`} {...extra}>
      {C[action]}
    </Button>
  );
  return (
    <section className="sp-card" data-testid="ec-controls">
      <div className="sp-toolbar">
        <span className="sp-title">{C.title}</span>
      </div>
      <div className="ec-controls">
        {button('arm', <LockOutlined />, { type: bike.status.armed ? 'primary' : 'default' })}
        {button('disarm', <UnlockOutlined />)}
        {button('find', <SoundOutlined />)}
        <Popconfirm title={C.cutConfirm} onConfirm={() => send('cut')} overlayStyle={{ maxWidth: 340 }} okButtonProps={{ danger: true }}>
          <Button danger icon={<PoweroffOutlined />} loading={busy === 'cut'} data-testid="ec-control-cut">
            {C.cut}
          </Button>
        </Popconfirm>
        <Popconfirm title={C.restoreConfirm} onConfirm={() => send('restore')}>
          <Button icon={<ThunderboltOutlined />} loading={busy === 'restore'} data-testid="ec-control-restore">
            {C.restore}
          </Button>
        </Popconfirm>
        {button('locate', <AimOutlined />)}
      </div>
    </section>
  );
}
