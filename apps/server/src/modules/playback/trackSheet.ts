import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { MSG } from '@chelian/contracts';
import { formatAddress, type ReverseGeocoder } from '@chelian/geo';
import { beijingDisplayText } from '@chelian/contracts/beijingTime.ts';

export interface SheetPoint {
  gpsTime: Date;
  lat: number;
  lon: number;
  speed: number;
  course: number;
  mileage: number | null;
  acc: boolean | null;
}

const DIRECTIONS = ['正北', '东北', '正东', '东南', '正南', '西南', '正西', '西北'];
const direction = (deg: number) => DIRECTIONS[Math.round((((deg % 360) + 360) % 360) / 45) % 8];

/** Beijing time, as operators read it: 2024-05-01 08:00:00 */
export function beijingTime(d: Date): string {
  return beijingDisplayText(d.getTime());
}

/**
 * The track as an Excel sheet, written row by row while the points are read (a month of 10 s
 * reports is 260 000 rows: nothing is held whole). Addresses come from the offline geocoder.
 */
export function trackWorkbook(
  title: string,
  points: AsyncIterable<SheetPoint[]>,
  geocoder: ReverseGeocoder,
  overspeedKmh: number,
): Readable {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet('轨迹明细', { views: [{ state: 'frozen', ySplit: 2 }] });
  ws.columns = [
    { width: 8 },
    { width: 21 },
    { width: 13 },
    { width: 12 },
    { width: 12 },
    { width: 8 },
    { width: 13 },
    { width: 7 },
    { width: 7 },
    { width: 30 },
  ];
  void (async () => {
    ws.addRow([title]).commit();
    const head = ws.addRow(['序号', '定位时间', '经度', '纬度', '速度(km/h)', '方向', '总里程(km)', 'ACC', '超速', '地址']);
    head.font = { bold: true };
    head.commit();
    let n = 0;
    for await (const batch of points) {
      for (const p of batch) {
        const address = formatAddress(geocoder.lookup(p.lon, p.lat)) || MSG.addressFailed;
        ws.addRow([
          ++n,
          beijingTime(p.gpsTime),
          Number(p.lon.toFixed(6)),
          Number(p.lat.toFixed(6)),
          Math.round(p.speed * 10) / 10,
          direction(p.course),
          p.mileage === null ? '' : Math.round(p.mileage * 10) / 10,
          p.acc === null ? '' : p.acc ? '点火' : '熄火',
          p.speed > overspeedKmh ? '是' : '',
          address,
        ]).commit();
      }
    }
    await ws.commit();
    await wb.commit();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}
