import { useState } from 'react';
import { Card, Empty, Typography } from 'antd';
import type { PermissionCode } from '@chelian/contracts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { VehicleTree } from '../monitor/VehicleTree.tsx';
import { M } from '../messages.ts';
import { useElementHeight } from '../ui/useElementHeight.ts';
import { CommandForm } from '../../shared/commands/CommandForm.tsx';
import { CommandResults } from '../../shared/commands/CommandResults.tsx';

const SEND: PermissionCode = 'car:command:send';

/** 指令下发: tick vehicles in the tree, choose a command, check, send, and follow each result. */
export function CommandPage() {
  const [checked, setChecked] = useState<number[]>([]);
  const [sent, setSent] = useState(0);
  const [treeBox, treeHeight] = useElementHeight<HTMLDivElement>();
  const canSend = usePermission(SEND);
  return (
    <div className="car-page-full car-command" data-testid="car-commands">
      <aside className="car-side" ref={treeBox}>
        <VehicleTree
          selectedId={null}
          onSelect={(id) => setChecked((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]))}
          height={Math.max(200, treeHeight - 130)}
          checkable
          checked={checked}
          onCheck={setChecked}
        />
      </aside>
      <div className="car-panel" style={{ flex: 1 }}>
        <Card
          variant="borderless"
          title={M.command.title}
          extra={<Typography.Text type="secondary">{M.command.picked(checked.length)}</Typography.Text>}
        >
          {canSend ? (
            <CommandForm vehicleIds={checked} onSent={() => setSent((n) => n + 1)} />
          ) : (
            <Empty description={M.command.noPermission} />
          )}
        </Card>
        <Card variant="borderless" title={M.command.results} style={{ marginTop: 12 }}>
          <CommandResults refreshKey={sent} />
        </Card>
      </div>
    </div>
  );
}
