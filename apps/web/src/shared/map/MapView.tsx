import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Spin } from 'antd';
import { runtimeConfig } from '../config/runtimeConfig.ts';
import { vehicleTexts as M } from '../i18n/vehicleTexts.ts';
import { LOCAL_FONT_FAMILY, basemapStyle, loadBasemapLabels } from './basemapStyle.ts';
import { display } from './displayCoords.ts';
import { MapContext } from './mapContext.ts';
import { maplibregl, type MapLibreMap } from './maplibre.ts';
import './map.css';

/** China's middle, zoomed to show the country. */
export const DEFAULT_CENTER: [number, number] = [108.9, 34.3];
export const DEFAULT_ZOOM = 3.6;

interface Props {
  children?: ReactNode;
  /** WGS-84; converted for a GCJ-02 tile source */
  center?: [number, number];
  zoom?: number;
  className?: string;
  testId?: string;
  /** the +/− buttons (top right); a small map in a card may leave them out */
  navigation?: boolean;
  /** double-click zooms in (off where a double-click finishes a drawn shape) */
  doubleClickZoom?: boolean;
}

/**
 * The one map component of every sub-product: it owns the MapLibre map (basemap, coordinates,
 * controls) and gives it to its children, each a layer that adds its sources and layers in an
 * effect and removes them on cleanup.
 */
export function MapView({
  children,
  center = DEFAULT_CENTER,
  zoom = DEFAULT_ZOOM,
  className,
  testId = 'map',
  navigation = true,
  doubleClickZoom = true,
}: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let instance: MapLibreMap;
    try {
      instance = new maplibregl.Map({
        container: container.current!,
        style: basemapStyle(runtimeConfig()),
        center: display.toDisplay(center[0], center[1]),
        zoom,
        minZoom: 2,
        maxZoom: 19,
        attributionControl: false,
        localIdeographFontFamily: LOCAL_FONT_FAMILY,
        dragRotate: false,
        pitchWithRotate: false,
        // Symbols appear at once: a fade re-renders the whole map for 300 ms after every update.
        fadeDuration: 0,
      });
    } catch {
      setFailed(true);
      return;
    }
    instance.touchZoomRotate.disableRotation();
    if (!doubleClickZoom) instance.doubleClickZoom.disable();
    // Browser tests and the map benchmark reach the map through its element.
    (container.current as HTMLElement & { maplibre?: MapLibreMap }).maplibre = instance;
    // top right: the AI智能助手 launcher sits fixed over the window's bottom-right corner
    if (navigation) instance.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    instance.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-left');
    // Layers go on as soon as the style is read; the basemap's GeoJSON keeps loading underneath.
    instance.once('style.load', () => {
      setMap(instance);
      if (!runtimeConfig().tileUrl) void loadBasemapLabels(instance).catch(() => undefined);
    });
    // A source or layer that fails is logged, never thrown at the operator.
    instance.on('error', (e) => console.error(M.map.error, e.error?.message ?? e));
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(container.current!);
    return () => {
      resize.disconnect();
      setMap(null);
      instance.remove();
    };
    // The camera's start and the controls are read once; later moves are the layers' business.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className={`cl-map ${className ?? ''}`} data-testid={testId} data-map-ready={map ? 'true' : 'false'}>
      <div ref={container} className="cl-map-canvas" />
      {!map && !failed && (
        <div className="cl-map-loading">
          <Spin tip={M.map.loading}>
            <div style={{ width: 160, height: 60 }} />
          </Spin>
        </div>
      )}
      {failed && <div className="cl-map-loading">{M.map.webglFailed}</div>}
      {map && <MapContext.Provider value={map}>{children}</MapContext.Provider>}
    </div>
  );
}
