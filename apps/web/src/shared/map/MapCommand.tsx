import { useEffect } from 'react';
import { useMap } from './mapContext.ts';
import type { MapLibreMap } from './maplibre.ts';

/** Runs `run(map)` whenever `deps` change: how a page moves the camera declaratively. */
export function MapCommand({ run, deps }: { run: (map: MapLibreMap) => void; deps: unknown[] }) {
  const map = useMap();
  useEffect(() => {
    run(map);
  }, [map, ...deps]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}
