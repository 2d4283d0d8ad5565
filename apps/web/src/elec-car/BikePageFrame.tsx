import type { ReactNode } from 'react';
import type { Bike } from '@chelian/contracts';
import { BikePicker } from './BikePicker.tsx';
import { NoBikes } from './NoBikes.tsx';
import { useLoaded } from '../shared/list/useLoaded.ts';
import { OwnAssetPage } from '../shared/ui/OwnAssetPage.tsx';
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
  return (
    <OwnAssetPage
      title={title}
      testId={testId}
      tools={tools}
      loading={loading}
      asset={bike}
      none={<NoBikes />}
      picker={(b) => <BikePicker bikes={bikes} value={b.bikeId} onChange={select} />}
    >
      {(b) => children(b, () => void reload(true))}
    </OwnAssetPage>
  );
}
