/**
 * The offline street map (issue 34, docs/maps.md "Offline street maps"): vector tiles built by
 * `npm run map:import` from an OpenStreetMap extract, and the MapLibre style that draws them.
 * Public: OpenStreetMap's data, fetched by MapLibre's workers, which send no session.
 */
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';

const base = '/car/v1/api/streetMap';
const tag = '地图设置';

export const streetMapEndpoints = {
  /** One Mapbox Vector Tile, gzip as stored (Content-Encoding: gzip); 204 where the extract has nothing. */
  tile: endpoint({
    method: 'GET',
    path: `${base}/tile`,
    tag,
    summary: '离线街道地图瓦片',
    access: 'public',
    input: Type.Object({
      z: Type.Integer({ minimum: 0, maximum: 14 }),
      x: Type.Integer({ minimum: 0 }),
      y: Type.Integer({ minimum: 0 }),
      /** the build the style names: a new import never meets a cached tile of the old one */
      v: Type.Optional(Type.String({ maxLength: 60 })),
    }),
    produces: 'binary',
  }),
  /** The MapLibre style of the imported tiles: roads, names, water, green, buildings, POIs, in Chinese. */
  style: endpoint({ method: 'GET', path: `${base}/style.json`, tag, summary: '离线街道地图样式', access: 'public', produces: 'binary' }),
};
