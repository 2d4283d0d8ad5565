import type { CustomRenderMethodInput } from 'maplibre-gl';
import { MapGlLayer } from './mapGlLayer.ts';
import { FLOATS_PER_LABEL, copyLabelPositions, writeLabelRects } from './labelQuads.ts';
import { selectLabels } from './labelSelection.ts';
import { TextAtlas, type AtlasEntry } from './textAtlas.ts';
import { TextQuads } from './textQuads.ts';
import { TextRasteriser, type TextStyle } from './textRaster.ts';
import { mercatorX, mercatorY, type VehicleBuffer } from './vehicleBuffer.ts';

/** Plate labels from this zoom, for the arrows in view. */
export const LABEL_MIN_ZOOM = 9;
/** As the symbol layer had them: 12 px, dark grey with a white halo. */
const PLATE_STYLE: TextStyle = { size: 12, color: '#1f2329', halo: { color: '#ffffff', width: 1.6 } };
/** From the vehicle's point down to the top of its plate's raster: where the symbol layer's 1.5-em offset put the text */
const OFFSET_Y_PX = 17;
const PADDING_PX = 1;
/** Texts drawn per selection at most (~50 µs each); the rest follow in the next frames. */
const MAX_NEW_RASTERS = 120;
const ATLAS_SIZE = 1024;
const EMPTY = new Float32Array(0);

/**
 * Plate labels drawn by us instead of MapLibre's symbol pipeline: each plate rasterised once
 * with Canvas 2D into a text atlas, each shown plate one instanced, screen-aligned quad read
 * from the same typed arrays as the arrows, so plates move with their arrows in every frame and
 * no refresh goes through GeoJSON, the worker, tile reloads or symbol placement. Which plates
 * show (thinned, not overlapping) is chosen on the CPU by `select`, on camera moves and
 * periodically.
 */
export class VehicleLabelLayer extends MapGlLayer {
  private readonly quads = new TextQuads();
  private rasteriser: TextRasteriser | null = null;
  private atlas: TextAtlas | null = null;
  /** the labelled vehicles' slots, and per label its instance data */
  private slots = new Int32Array(0);
  private instances = new Float32Array(0);
  private copiedVersion = -1;
  private uploads = 0;
  private retry = 0;

  constructor(
    id: string,
    readonly vehicles: VehicleBuffer,
    private readonly textOf: (vehicleId: number) => string,
  ) {
    super(id);
  }

  protected releaseGl(gl: WebGL2RenderingContext): void {
    cancelAnimationFrame(this.retry);
    this.quads.remove(gl);
  }

  /** A lost context took the GL objects: the next frame makes them again and uploads the atlas whole. */
  protected forgetGl(): void {
    this.quads.forget();
  }

  /** Test-visible: the vehicles whose plate is drawn now. */
  labelledVehicles(): number[] {
    return Array.from(this.slots, (slot) => this.vehicles.ids[slot]);
  }

  /** Chooses which plates show for the camera now; cheap (one pass over the arrays), no GeoJSON. */
  select(): void {
    const map = this.map;
    if (!map) return;
    cancelAnimationFrame(this.retry);
    const zoom = map.getZoom();
    const ratio = map.getPixelRatio();
    if (this.rasteriser?.pixelRatio !== ratio) {
      this.rasteriser = new TextRasteriser(PLATE_STYLE, ratio);
      this.atlas = new TextAtlas(Math.min(4096, ATLAS_SIZE * Math.ceil(ratio)), this.rasteriser.rasterise);
    }
    const rasteriser = this.rasteriser;
    let chosen: number[] = [];
    if (zoom >= LABEL_MIN_ZOOM) {
      const center = map.getCenter();
      const canvas = map.getCanvas();
      const camera = {
        centerX: mercatorX(center.lng),
        centerY: mercatorY(center.lat),
        worldSize: 512 * 2 ** zoom,
        bearing: (map.getBearing() * Math.PI) / 180,
        width: canvas.width / ratio,
        height: canvas.height / ratio,
      };
      const box = { height: rasteriser.cssHeight - 2 * PADDING_PX, padding: PADDING_PX };
      chosen = selectLabels(this.vehicles, camera, box, (slot) => {
        const text = this.textOf(this.vehicles.ids[slot]);
        return text ? rasteriser.widthOf(text) : undefined;
      });
    }
    const entries = this.atlas!.place(
      chosen.map((slot) => this.textOf(this.vehicles.ids[slot])),
      MAX_NEW_RASTERS,
    );
    const slots: number[] = [];
    const rects: AtlasEntry[] = [];
    entries.forEach((e, i) => {
      if (!e) return;
      slots.push(chosen[i]);
      rects.push(e);
    });
    // plates not drawn yet (the per-selection budget) come in the next frame; those that do not
    // fit the atlas at all (a huge screen full of plates) wait for the next camera move
    if (rects.length < chosen.length && !this.atlas!.overflowed) this.retry = requestAnimationFrame(() => this.select());
    this.slots = Int32Array.from(slots);
    this.instances = new Float32Array(slots.length * FLOATS_PER_LABEL);
    writeLabelRects(this.instances, rects);
    copyLabelPositions(this.instances, this.slots, this.vehicles.data);
    this.copiedVersion = this.vehicles.version;
    this.uploads++;
    map.triggerRepaint();
  }

  render(gl: WebGL2RenderingContext, args: CustomRenderMethodInput): void {
    const atlas = this.atlas;
    if (!atlas || !this.map) return;
    const showing = this.map.getZoom() >= LABEL_MIN_ZOOM;
    if (showing && this.copiedVersion !== this.vehicles.version) {
      // the arrows moved: the plates follow in this same frame
      copyLabelPositions(this.instances, this.slots, this.vehicles.data);
      this.copiedVersion = this.vehicles.version;
      this.uploads++;
    }
    const ratio = this.map.getPixelRatio();
    this.quads.render(gl, args, this.map, atlas, showing ? this.instances : EMPTY, this.uploads, Math.round(OFFSET_Y_PX * ratio));
  }
}
