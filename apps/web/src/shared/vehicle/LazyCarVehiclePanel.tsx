import { Suspense, lazy } from 'react';
import { Spin } from 'antd';

import type { VehiclePanelProps } from '../dialogs/VehicleInfoDialog.tsx';

// fetched as this module loads (the dialog's first opening), while the dialog resolves its vehicle
const panelModule = import('./CarVehiclePanel.tsx');
panelModule.catch(() => undefined); // a failure shows when the panel renders (lazy awaits it)
const Panel = lazy(async () => ({ default: (await panelModule).CarVehiclePanel }));

/** The full vehicle panel, loaded when the dialog first opens (the shell registers this one). */
export function LazyCarVehiclePanel(props: VehiclePanelProps) {
  return (
    <Suspense
      fallback={
        <Spin>
          <div style={{ height: 200 }} />
        </Spin>
      }
    >
      <Panel {...props} />
    </Suspense>
  );
}
