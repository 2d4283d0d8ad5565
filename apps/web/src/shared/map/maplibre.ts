// maplibre-gl 6 has no default export, and a built app must be told where its worker is.
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';

maplibregl.setWorkerUrl(workerUrl);

export { maplibregl };
export type { GeoJSONSource, Map as MapLibreMap, MapMouseEvent, StyleSpecification } from 'maplibre-gl';

/** Camera moves jump instead of flying when the user (or a browser test) asks for reduced motion. */
export { motionWanted as animationsOn } from '../ui/motion.ts';
