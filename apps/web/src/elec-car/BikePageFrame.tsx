import type { ReactNode } from 'react';
import { Spin } from 'antd';
import type { Bike } from '@chelian/contracts';
import { BikePicker } from './BikePicker.tsx';
import { NoBikes } from './NoBikes.tsx';
import { useLoaded } from '../shared/list/usePagedList.ts';
import { ownBikes, useSelectedBike } from './ownBikes.ts';

/** A page about one bike: its title and bike picker (plus tools), then its body for the chosen bike. */
export function BikePageFrame({
  title,
  testId,
  tools,
  children,
}: {
  title: string;
  testId: string;
  tools?: ReactNode;
  children: (bike: Bike, reloadBikes: () => void) => ReactNode;
}) {
  const { rows: bikes, loading, reload } = useLoaded(ownBikes, null);
  const { bike, select } = useSelectedBike(bikes);
  if (loading) return <Spin className="sp-empty" style={{ display: 'block' }} />;
  if (!bike) return <NoBikes />;
  return (
    <div className="sp-page" data-testid={testId}>
      <section className="sp-card sp-toolbar">
        <span className="sp-title">{title}</span>
        <BikePicker bikes={bikes} value={bike.bikeId} onChange={select} />
        {tools}
      </section>
      {children(bike, () => void reload(true))}
    </div>
  );
}
