import { LOCAL_FONT_FAMILY } from '../../../shared/map/basemapStyle.ts';
import type { Raster } from './textAtlas.ts';

export interface TextStyle {
  /** CSS pixels */
  size: number;
  color: string;
  halo?: { color: string; width: number };
}

/**
 * Draws texts with Canvas 2D in the page's font stack (the same CJK fonts the basemap's labels
 * use), at the device's pixel ratio so they stay sharp: each text once, into a small reused
 * canvas kept in memory (`willReadFrequently`), read back premultiplied for the text atlas.
 */
export class TextRasteriser {
  /** a raster's height in device pixels, the same for every text */
  readonly height: number;
  private readonly pad: number;
  private readonly g: CanvasRenderingContext2D;
  private readonly widths = new Map<string, number>();

  constructor(
    readonly style: TextStyle,
    readonly pixelRatio: number,
  ) {
    this.pad = Math.ceil((style.halo?.width ?? 0) + 1);
    this.height = Math.ceil((style.size * 1.25 + 2 * this.pad) * pixelRatio);
    const canvas = document.createElement('canvas');
    canvas.width = 256;
    canvas.height = this.height;
    this.g = canvas.getContext('2d', { willReadFrequently: true })!;
  }

  /** The raster's width in CSS pixels (measured once per text). */
  widthOf(text: string): number {
    let w = this.widths.get(text);
    if (w === undefined) {
      this.setFont();
      w = Math.ceil(this.g.measureText(text).width / this.pixelRatio) + 2 * this.pad;
      this.widths.set(text, w);
    }
    return w;
  }

  /** The CSS-pixel height of a raster, as laid out on screen. */
  get cssHeight(): number {
    return this.height / this.pixelRatio;
  }

  readonly rasterise = (text: string): Raster => {
    const width = Math.ceil(this.widthOf(text) * this.pixelRatio);
    const g = this.g;
    if (g.canvas.width < width) g.canvas.width = width; // resizing resets the context's state; it is set below
    g.clearRect(0, 0, width, this.height);
    this.setFont();
    const x = this.pad * this.pixelRatio;
    const y = this.height / 2;
    const { halo, color } = this.style;
    if (halo) {
      g.lineJoin = 'round';
      g.lineWidth = 2 * halo.width * this.pixelRatio;
      g.strokeStyle = halo.color;
      g.strokeText(text, x, y);
    }
    g.fillStyle = color;
    g.fillText(text, x, y);
    const data = new Uint8Array(g.getImageData(0, 0, width, this.height).data.buffer);
    for (let i = 0; i < data.length; i += 4) {
      const a = data[i + 3];
      if (a === 255) continue;
      data[i] = (data[i] * a + 127) / 255;
      data[i + 1] = (data[i + 1] * a + 127) / 255;
      data[i + 2] = (data[i + 2] * a + 127) / 255;
    }
    return { width, height: this.height, data };
  };

  private setFont() {
    this.g.font = `${this.style.size * this.pixelRatio}px ${LOCAL_FONT_FAMILY}`;
    this.g.textBaseline = 'middle';
    this.g.textAlign = 'left';
  }
}
