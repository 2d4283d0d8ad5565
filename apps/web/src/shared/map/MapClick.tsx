import { useEffect, useRef } from 'react';
import { display } from './displayCoords.ts';
import { useMap } from './mapContext.ts';
import type { MapMouseEvent } from './maplibre.ts';

/** Reports where the map was clicked, in WGS-84; a click on one of `skipLayers` (a dot that picks) is not reported. */
export function MapClick({ onClick, skipLayers }: { onClick: (lon: number, lat: number) => void; skipLayers?: string[] }) {
  const map = useMap();
  const latest = useRef({ onClick, skipLayers });
  latest.current = { onClick, skipLayers };
  useEffect(() => {
    const click = (e: MapMouseEvent) => {
      const skip = latest.current.skipLayers?.filter((layer) => map.getLayer(layer));
      if (skip?.length && map.queryRenderedFeatures(e.point, { layers: skip }).length) return;
      const [lon, lat] = display.fromDisplay(e.lngLat.lng, e.lngLat.lat);
      latest.current.onClick(lon, lat);
    };
    map.on('click', click);
    return () => void map.off('click', click);
  }, [map]);
  return null;
}
