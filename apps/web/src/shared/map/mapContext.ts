import { createContext, useContext } from 'react';
import type { MapLibreMap } from './maplibre.ts';

export const MapContext = createContext<MapLibreMap | null>(null);

/** The map of the enclosing MapView; layers render only once it has loaded. */
export function useMap(): MapLibreMap {
  const map = useContext(MapContext);
  if (!map) throw new Error('useMap outside a loaded MapView');
  return map;
}
