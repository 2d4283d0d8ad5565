import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Spin } from 'antd';
import { mapSettingsEndpoints } from '@chelian/contracts';
import { runtimeConfig } from '../config/runtimeConfig.ts';
import { vehicleTexts as M } from '../i18n/vehicleTexts.ts';
import { storage } from '../storage/storage.ts';
import { LOCAL_FONT_FAMILY, loadBasemapLabels, styleOf } from './basemapStyle.ts';
import { useBasemap } from './basemapStore.ts';
import { converterFor } from './displayCoords.ts';
import { darkStyle, type MapScheme } from './darkStyle.ts';
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
  /** dark: the basemap's dark twin (darkStyle.ts), for a page in dark mode; changing it rebuilds the map where it was */
  scheme?: MapScheme;
}

/** The platform's tile relay answers the signed-in only: its requests carry the session like every call. */
const withSession = (url: string) =>
  url.includes(mapSettingsEndpoints.tile.path) ? { url, headers: { sessionId: storage.getSessionId() } } : { url };

/**
 * The one map component of every sub-product: it owns the MapLibre map (basemap, coordinates,
 * controls) and gives it to its children, each a layer that adds its sources and layers in an
 * effect and removes them on cleanup. When 地图设置 changes the basemap the map is built again
 * where it was (its layers mount again and convert positions for the new basemap): an open page
 * follows without a reload.
 */
export function MapView({
  children,
  center = DEFAULT_CENTER,
  zoom = DEFAULT_ZOOM,
  className,
  testId = 'map',
  navigation = true,
  doubleClickZoom = true,
  scheme = 'light',
}: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [failed, setFailed] = useState(false);
  const basemap = useBasemap();
  // where the camera was (WGS-84) when the basemap changed under it
  const camera = useRef<{ center: [number, number]; zoom: number } | null>(null);

  useEffect(() => {
    if (!basemap) return;
    const convert = converterFor(basemap.coordSystem);
    const start = camera.current ?? { center, zoom };
    let instance: MapLibreMap;
    try {
      instance = new maplibregl.Map({
        container: container.current!,
        style: styleOf(basemap, runtimeConfig().baseUrl),
        // Applied to the style as read, a URL's (the offline street map, a vector style) as much as the shipped one's.
        transformStyle: scheme === 'dark' ? (_previous, next) => darkStyle(next) : undefined,
        transformRequest: withSession,
        center: convert.toDisplay(start.center[0], start.center[1]),
        zoom: start.zoom,
        minZoom: 2,
        maxZoom: 19,
        attributionControl: basemap.attribution ? { compact: true, customAttribution: basemap.attribution } : false,
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
      if (basemap.style === 'offline') void loadBasemapLabels(instance).catch(() => undefined);
    });
    // A source or layer that fails is logged, never thrown at the operator.
    instance.on('error', (e) => console.error(M.map.error, e.error?.message ?? e));
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(container.current!);
    return () => {
      const at = instance.getCenter();
      camera.current = { center: convert.fromDisplay(at.lng, at.lat), zoom: instance.getZoom() };
      resize.disconnect();
      setMap(null);
      instance.remove();
    };
    // The camera's start and the controls are read once per basemap; later moves are the layers' business.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [basemap?.version, scheme]);

  return (
    <div
      className={`cl-map ${className ?? ''}`}
      data-testid={testId}
      data-map-ready={map ? 'true' : 'false'}
      data-basemap={basemap?.kind ?? ''}
      data-basemap-version={basemap?.version ?? ''}
      data-scheme={scheme}
    >
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
