import { Suspense, lazy } from 'react';
import { Spin } from 'antd';

const Panel = lazy(async () => ({ default: (await import('./CarVehiclePanel.tsx')).CarVehiclePanel }));

/** The full vehicle panel, loaded when the dialog first opens (the shell registers this one). */
export function LazyCarVehiclePanel(props: { vehicleId: string; follow: boolean }) {
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
