import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * Writes OpenStreetMap XML, as an editor or Geofabrik's tools would, for tests and the import
 * benchmark: named streets, POIs, house numbers, areas, and administrative boundary relations.
 */
export interface OsmFixture {
  bounds: [number, number, number, number];
  streets?: Array<{ name: string; nameZh?: string; highway: string; points: Array<[number, number]> }>;
  pois?: Array<{ name: string; nameZh?: string; tag: [string, string]; at: [number, number] }>;
  houses?: Array<{ number: string; street: string; at: [number, number] }>;
  /** closed ways with a tag (water, parks, buildings) */
  areas?: Array<{ tags: Record<string, string>; ring: Array<[number, number]> }>;
  /** administrative boundaries: one closed outer way each */
  boundaries?: Array<{ name: string; level: number; ring: Array<[number, number]> }>;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const tag = (k: string, v: string) => `<tag k="${esc(k)}" v="${esc(v)}"/>`;

/** Streams the XML to a file (a generated province is hundreds of megabytes of XML). */
export function writeOsmXml(file: string, f: OsmFixture): void {
  const fd = fs.openSync(file, 'w');
  let buf = '';
  const out = (s: string) => {
    buf += s;
    if (buf.length > 1 << 20) {
      fs.writeSync(fd, buf);
      buf = '';
    }
  };
  let nextNode = 1;
  let nextWay = 1;
  const node = ([lon, lat]: [number, number], tags = '') => {
    const id = nextNode++;
    out(`<node id="${id}" version="1" lat="${lat.toFixed(7)}" lon="${lon.toFixed(7)}"${tags ? `>${tags}</node>` : '/>'}\n`);
    return id;
  };
  const ways: string[] = [];
  const way = (points: Array<[number, number]>, tags: string, closed: boolean) => {
    const ids = points.map((p) => node(p));
    if (closed) ids.push(ids[0]);
    const id = nextWay++;
    ways.push(`<way id="${id}" version="1">${ids.map((n) => `<nd ref="${n}"/>`).join('')}${tags}</way>\n`);
    return id;
  };
  const [w, s, e, n] = f.bounds;
  out(`<?xml version="1.0" encoding="UTF-8"?>\n<osm version="0.6" generator="chelian-test">\n`);
  out(`<bounds minlat="${s}" minlon="${w}" maxlat="${n}" maxlon="${e}"/>\n`);
  for (const p of f.pois ?? []) node(p.at, tag('name', p.name) + (p.nameZh ? tag('name:zh', p.nameZh) : '') + tag(...p.tag));
  for (const h of f.houses ?? []) node(h.at, tag('addr:housenumber', h.number) + tag('addr:street', h.street));
  for (const st of f.streets ?? [])
    way(st.points, tag('highway', st.highway) + tag('name', st.name) + (st.nameZh ? tag('name:zh', st.nameZh) : ''), false);
  for (const a of f.areas ?? [])
    way(
      a.ring,
      Object.entries(a.tags)
        .map(([k, v]) => tag(k, v))
        .join(''),
      true,
    );
  const relations = (f.boundaries ?? []).map((b, i) => {
    const outer = way(b.ring, '', true);
    return `<relation id="${i + 1}" version="1"><member type="way" ref="${outer}" role="outer"/>${tag('type', 'boundary')}${tag('boundary', 'administrative')}${tag('admin_level', String(b.level))}${tag('name', b.name)}</relation>\n`;
  });
  for (const wline of ways) out(wline);
  for (const r of relations) out(r);
  out('</osm>\n');
  fs.writeSync(fd, buf);
  fs.closeSync(fd);
}

/** XML → .osm.pbf with osmium, as an operator's download would be. */
export function osmXmlToPbf(xml: string, pbf: string): void {
  const r = spawnSync('osmium', ['cat', xml, '-o', pbf, '--overwrite'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`osmium cat failed: ${r.stderr}`);
}

const square = (w: number, s: number, e: number, n: number): Array<[number, number]> => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
];

/**
 * The extract the import tests and the street style's browser test import: a piece of 南山区 with
 * a primary road named `mainRoad` (a second import names it differently), 科技路 (name:zh before
 * name), 学府路, 腾讯大厦, a park, water, a building, a house number and the district's boundary.
 */
export const nanshanExtract = (mainRoad: string): OsmFixture => ({
  bounds: [113.9, 22.5, 114.0, 22.58],
  streets: [
    {
      name: mainRoad,
      highway: 'primary',
      points: [
        [113.93, 22.54],
        [113.96, 22.54],
      ],
    },
    {
      name: 'Keji Road',
      nameZh: '科技路',
      highway: 'secondary',
      points: [
        [113.945, 22.53],
        [113.945, 22.55],
      ],
    },
    {
      name: '学府路',
      highway: 'residential',
      points: [
        [113.932, 22.535],
        [113.938, 22.535],
      ],
    },
  ],
  pois: [
    { name: 'Tencent Tower', nameZh: '腾讯大厦', tag: ['office', 'company'], at: [113.95, 22.541] },
    { name: 'Shenzhen', nameZh: '深圳市', tag: ['place', 'city'], at: [113.96, 22.555] },
  ],
  houses: [{ number: '8', street: mainRoad, at: [113.938, 22.54005] }],
  areas: [
    { tags: { leisure: 'park', name: '中山公园' }, ring: square(113.931, 22.545, 113.936, 22.549) },
    { tags: { natural: 'water' }, ring: square(113.951, 22.545, 113.955, 22.548) },
    { tags: { building: 'yes' }, ring: square(113.9499, 22.5409, 113.9501, 22.5411) },
  ],
  boundaries: [{ name: '南山区', level: 6, ring: square(113.91, 22.52, 113.98, 22.57) }],
});
