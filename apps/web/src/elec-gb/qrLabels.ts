import type { GbBike } from '@chelian/contracts';
import { saveBlob } from '../shared/request/helpers.ts';
import { beijingDate } from '../shared/format/beijingTime.ts';
import { qrImageUrl } from './qrImage.ts';
import { pdfOfJpegPages } from './pdfPages.ts';
import { G } from './messages.ts';

/*
 * The declaration QR labels as files: one label as a PNG (300 dpi), the A4 sheet of labels as a
 * PDF (150 dpi pages, 3 × 4 labels, as printed). Both are drawn on a canvas the same way, so the
 * file is the label the sheet prints.
 */

const D = G.declare;
/** The printed label, in millimetres (elecGb.css: a 190 mm grid of 3 with 6 mm gaps, 4 rows a page). */
const LABEL = { width: (190 - 2 * 6) / 3, height: (277 - 3 * 6) / 4, qr: 42, gap: 6, margin: 10 };
const A4_MM = { width: 210, height: 297 };
const PER_PAGE = 12;
const FONT = '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';

async function qrBitmap(bikeId: number, pixels: number): Promise<ImageBitmap> {
  const res = await fetch(qrImageUrl(bikeId, Math.min(1000, Math.max(120, Math.round(pixels)))));
  if (!res.ok) throw new Error(D.downloadFailed);
  return createImageBitmap(await res.blob());
}

/** One label with its top-left corner at (x, y); `mm` is pixels per millimetre. */
function drawLabel(ctx: CanvasRenderingContext2D, x: number, y: number, mm: number, bike: GbBike, qr: ImageBitmap) {
  const w = LABEL.width * mm;
  const h = LABEL.height * mm;
  ctx.save();
  ctx.strokeStyle = '#bbbbbb';
  ctx.lineWidth = Math.max(1, 0.25 * mm);
  ctx.setLineDash([1.5 * mm, 1 * mm]);
  ctx.strokeRect(x, y, w, h);
  ctx.setLineDash([]);
  ctx.fillStyle = '#000000';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  const centre = x + w / 2;
  let at = y + 3 * mm;
  ctx.font = `600 ${3.2 * mm}px ${FONT}`;
  ctx.fillText(D.printTitle, centre, at, w - 4 * mm);
  at += 5 * mm;
  ctx.imageSmoothingEnabled = false; // a QR code's modules stay sharp
  ctx.drawImage(qr, centre - (LABEL.qr * mm) / 2, at, LABEL.qr * mm, LABEL.qr * mm);
  at += (LABEL.qr + 2) * mm;
  ctx.font = `${2.9 * mm}px ${FONT}`;
  ctx.fillText(`${G.record.frameNo}：${bike.frameNo}`, centre, at, w - 4 * mm);
  at += 4.2 * mm;
  const about = [bike.plate, bike.brand, bike.model].filter(Boolean).join(' ');
  if (about) ctx.fillText(about, centre, at, w - 4 * mm);
  at += 4.2 * mm;
  ctx.fillStyle = '#8c939d';
  ctx.fillText(D.scanHint, centre, at, w - 4 * mm);
  ctx.restore();
}

function canvasOf(widthPx: number, heightPx: number): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(widthPx);
  canvas.height = Math.round(heightPx);
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  return [canvas, ctx];
}

const blobOf = (canvas: HTMLCanvasElement, type: string, quality?: number) =>
  new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error(D.downloadFailed))), type, quality));

/** Saves one bike's label as a PNG at 300 dpi: 申报二维码-<车架号>.png */
export async function downloadLabelPng(bike: GbBike): Promise<void> {
  const mm = 300 / 25.4;
  const qr = await qrBitmap(bike.bikeId, LABEL.qr * mm);
  const [canvas, ctx] = canvasOf(LABEL.width * mm, LABEL.height * mm);
  drawLabel(ctx, 0, 0, mm, bike, qr);
  saveBlob(await blobOf(canvas, 'image/png'), `申报二维码-${bike.frameNo}.png`);
}

/** Saves the A4 label sheet of these bikes as a PDF, 12 labels a page, as it prints. */
export async function downloadSheetPdf(bikes: GbBike[]): Promise<void> {
  const mm = 150 / 25.4;
  const qrs = await Promise.all(bikes.map((b) => qrBitmap(b.bikeId, LABEL.qr * mm)));
  const pages = [];
  for (let first = 0; first < bikes.length; first += PER_PAGE) {
    const [canvas, ctx] = canvasOf(A4_MM.width * mm, A4_MM.height * mm);
    bikes.slice(first, first + PER_PAGE).forEach((bike, i) => {
      const x = (LABEL.margin + (i % 3) * (LABEL.width + LABEL.gap)) * mm;
      const y = (LABEL.margin + Math.floor(i / 3) * (LABEL.height + LABEL.gap)) * mm;
      drawLabel(ctx, x, y, mm, bike, qrs[first + i]!);
    });
    const jpeg = new Uint8Array(await (await blobOf(canvas, 'image/jpeg', 0.92)).arrayBuffer());
    pages.push({ jpeg, width: canvas.width, height: canvas.height });
  }
  const pdf = pdfOfJpegPages(pages);
  saveBlob(new Blob([pdf as BlobPart], { type: 'application/pdf' }), `申报二维码标签-${bikes.length}枚-${beijingDate(Date.now())}.pdf`);
}
