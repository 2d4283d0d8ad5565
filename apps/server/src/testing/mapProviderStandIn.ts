import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';

/** The stand-in's tile: 256×256, one colour (#36c), as a raster basemap tile is. */
export const TILE_PNG = (() => {
  const png = new PNG({ width: 256, height: 256 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([0x33, 0x66, 0xcc, 0xff], i);
  return PNG.sync.write(png);
})();

export interface StandIn {
  url: string;
  /** every path and query asked, in order */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A local stand-in for 高德, 百度 and 天地图 (tests have no internet): it answers each provider's
 * documented JSON shapes (docs/maps.md cites them) by the key it is given — `good` answers,
 * `quota` is over its quota, anything else is an invalid key — and serves tiles at /tiles/{z}/{x}/{y}.png.
 */
export async function startProviderStandIn(port = 0): Promise<StandIn> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push(`${url.pathname}${url.search}`);
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/v3/geocode/regeo') {
      const key = url.searchParams.get('key');
      if (key === 'good') {
        const n = (url.searchParams.get('location') ?? '').split('|').length;
        return json({
          status: '1',
          info: 'OK',
          infocode: '10000',
          regeocodes: Array.from({ length: n }, () => ({ formatted_address: '北京市东城区东华门街道天安门' })),
        });
      }
      if (key === 'quota') return json({ status: '0', info: 'DAILY_QUERY_OVER_LIMIT', infocode: '10003' });
      return json({ status: '0', info: 'INVALID_USER_KEY', infocode: '10001' });
    }
    if (url.pathname === '/reverse_geocoding/v3/') {
      const ak = url.searchParams.get('ak');
      if (ak === 'good') return json({ status: 0, result: { formatted_address: '北京市东城区中华路甲10号', addressComponent: {} } });
      if (ak === 'quota') return json({ status: 302, message: '天配额超限，限制访问' });
      return json({ status: 200, message: 'APP不存在，AK有误请检查再重试' });
    }
    if (url.pathname === '/geocoder') {
      const tk = url.searchParams.get('tk');
      if (tk === 'good') return json({ status: '0', msg: 'ok', result: { formatted_address: '北京市东城区天安门', addressComponent: {} } });
      if (tk === 'quota') return json({ status: '1', msg: '访问量超出限制' });
      return res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ msg: '非法key', code: 1 }));
    }
    if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) return res.writeHead(200, { 'content-type': 'image/png' }).end(TILE_PNG);
    if (url.pathname === '/style.json') return json({ version: 8, sources: {}, layers: [] });
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
