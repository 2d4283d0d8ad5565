import { useEffect } from 'react';
import type { FeatureCollection } from 'geojson';
import type { LayerSpecification } from 'maplibre-gl';
import { useMap } from '../mapContext.ts';
import type { GeoJSONSource } from '../maplibre.ts';

type WithoutSource<T> = T extends unknown ? Omit<T, 'source'> : never;
/** A layer of any type, without its source (the hook adds it). */
export type LayerDef = WithoutSource<Exclude<LayerSpecification, { type: 'background' }>>;

export const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * The layer-per-component pattern in one hook: adds a GeoJSON source and its layers when the
 * component mounts, removes them when it unmounts, and sets the data whenever it changes.
 */
export function useGeoJsonLayer(source: string, layers: LayerDef[], data: FeatureCollection, beforeId?: string): void {
  const map = useMap();
  useEffect(() => {
    map.addSource(source, { type: 'geojson', data: EMPTY });
    for (const layer of layers)
      map.addLayer({ ...layer, source } as LayerSpecification, beforeId && map.getLayer(beforeId) ? beforeId : undefined);
    return () => {
      if (!map.style) return;
      for (const layer of layers) if (map.getLayer(layer.id)) map.removeLayer(layer.id);
      if (map.getSource(source)) map.removeSource(source);
    };
    // layer definitions are constants of their component
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, source]);

  useEffect(() => {
    (map.getSource(source) as GeoJSONSource | undefined)?.setData(data);
  }, [map, source, data]);
}
