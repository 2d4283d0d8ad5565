import type { CustomLayerInterface, CustomRenderMethodInput, Map as MapLibreMap } from 'maplibre-gl';
import { CENTRED_POSITION_GLSL, linkProgram, setCentredUniforms } from './glProgram.ts';
import { FLOATS_PER_LABEL, copyLabelPositions, writeLabelRects } from './labelQuads.ts';
import { selectLabels } from './labelSelection.ts';
import { TextAtlas, type AtlasEntry } from './textAtlas.ts';
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

const VERTEX = `#version 300 es
precision highp float;
${CENTRED_POSITION_GLSL}
uniform vec2 u_viewport;    // drawing buffer, device pixels
uniform float u_atlas_size;
uniform float u_offset_y;   // device pixels
in vec2 a_corner;           // the quad: 0..1
in vec4 a_pos;              // the vehicle: mercator high x, y; remainder x, y
in vec4 a_rect;             // its plate in the atlas: x, y, width, height (device pixels)
out vec2 v_uv;
void main() {
  vec4 clip = centredClip(a_pos);
  vec2 anchor = vec2(clip.x / clip.w * 0.5 + 0.5, 0.5 - clip.y / clip.w * 0.5) * u_viewport;
  // whole pixels, so each texel lands on one pixel: sharp text at any position
  vec2 topLeft = floor(anchor + vec2(-0.5 * a_rect.z, u_offset_y) + 0.5);
  vec2 px = topLeft + a_corner * a_rect.zw;
  gl_Position = vec4(px.x / u_viewport.x * 2.0 - 1.0, 1.0 - px.y / u_viewport.y * 2.0, 0.0, 1.0);
  v_uv = (a_rect.xy + a_corner * a_rect.zw) / u_atlas_size;
}`;

const FRAGMENT = `#version 300 es
precision mediump float;
uniform sampler2D u_atlas;
in vec2 v_uv;
out vec4 fragColor;
void main() { fragColor = texture(u_atlas, v_uv); }`;

type Gl = WebGL2RenderingContext;

interface GlState {
  program: WebGLProgram;
  vao: WebGLVertexArrayObject;
  quad: WebGLBuffer;
  instances: WebGLBuffer;
  texture: WebGLTexture;
  /** the atlas (and its generation) the texture holds */
  atlas: TextAtlas | null;
  atlasGeneration: number;
  /** the instance data this buffer holds, by `VehicleLabelLayer.uploads` */
  uploaded: number;
}

/**
 * Plate labels drawn by us instead of MapLibre's symbol pipeline: each plate rasterised once
 * with Canvas 2D into a text atlas, each shown plate one instanced, screen-aligned quad read
 * from the same typed arrays as the arrows, so plates move with their arrows in every frame and
 * no refresh goes through GeoJSON, the worker, tile reloads or symbol placement. Which plates
 * show (thinned, not overlapping) is chosen on the CPU by `select`, on camera moves and
 * periodically.
 */
export class VehicleLabelLayer implements CustomLayerInterface {
  readonly type = 'custom' as const;
  readonly renderingMode = '2d' as const;
  private map: MapLibreMap | null = null;
  private state: GlState | null = null;
  private rasteriser: TextRasteriser | null = null;
  private atlas: TextAtlas | null = null;
  /** the labelled vehicles' slots, and per label its instance data */
  private slots = new Int32Array(0);
  private instances = new Float32Array(0);
  private copiedVersion = -1;
  private uploads = 0;
  private retry = 0;

  constructor(
    readonly id: string,
    readonly vehicles: VehicleBuffer,
    private readonly textOf: (vehicleId: number) => string,
  ) {}

  onAdd(map: MapLibreMap): void {
    this.map = map;
    map.on('webglcontextlost', this.forget);
  }

  onRemove(map: MapLibreMap, gl: Gl): void {
    map.off('webglcontextlost', this.forget);
    cancelAnimationFrame(this.retry);
    const s = this.state;
    if (s) {
      gl.deleteProgram(s.program);
      gl.deleteVertexArray(s.vao);
      gl.deleteBuffer(s.quad);
      gl.deleteBuffer(s.instances);
      gl.deleteTexture(s.texture);
    }
    this.state = null;
    this.map = null;
  }

  /** A lost context took the program, buffers and texture: the next frame makes them again and uploads the atlas whole. */
  private readonly forget = () => {
    this.state = null;
  };

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
        centerX: mercatorX(center.lng), centerY: mercatorY(center.lat), worldSize: 512 * 2 ** zoom,
        bearing: (map.getBearing() * Math.PI) / 180, width: canvas.width / ratio, height: canvas.height / ratio,
      };
      const box = { height: rasteriser.cssHeight - 2 * PADDING_PX, padding: PADDING_PX };
      chosen = selectLabels(this.vehicles, camera, box, (slot) => {
        const text = this.textOf(this.vehicles.ids[slot]);
        return text ? rasteriser.widthOf(text) : undefined;
      });
    }
    const entries = this.atlas!.place(chosen.map((slot) => this.textOf(this.vehicles.ids[slot])), MAX_NEW_RASTERS);
    const slots: number[] = [];
    const rects: AtlasEntry[] = [];
    entries.forEach((e, i) => {
      if (!e) return;
      slots.push(chosen[i]);
      rects.push(e);
    });
    // plates not drawn yet (the per-selection budget) come in the next frame
    if (rects.length < chosen.length) this.retry = requestAnimationFrame(() => this.select());
    this.slots = Int32Array.from(slots);
    this.instances = new Float32Array(slots.length * FLOATS_PER_LABEL);
    writeLabelRects(this.instances, rects);
    copyLabelPositions(this.instances, this.slots, this.vehicles.data);
    this.copiedVersion = this.vehicles.version;
    this.uploads++;
    map.triggerRepaint();
  }

  render(gl: Gl, args: CustomRenderMethodInput): void {
    const atlas = this.atlas;
    if (!atlas || !this.map) return;
    const s = (this.state ??= this.setUp(gl));
    this.uploadAtlas(gl, s, atlas);
    if (this.slots.length === 0 || this.map.getZoom() < LABEL_MIN_ZOOM) return;
    if (this.copiedVersion !== this.vehicles.version) {
      // the arrows moved: the plates follow in this same frame
      copyLabelPositions(this.instances, this.slots, this.vehicles.data);
      this.copiedVersion = this.vehicles.version;
      this.uploads++;
    }
    gl.bindBuffer(gl.ARRAY_BUFFER, s.instances);
    if (s.uploaded !== this.uploads) {
      gl.bufferData(gl.ARRAY_BUFFER, this.instances, gl.DYNAMIC_DRAW);
      s.uploaded = this.uploads;
    }

    const center = this.map.getCenter();
    gl.useProgram(s.program);
    setCentredUniforms(gl, s.program, args.defaultProjectionData.mainMatrix, mercatorX(center.lng), mercatorY(center.lat));
    gl.uniform2f(gl.getUniformLocation(s.program, 'u_viewport'), gl.drawingBufferWidth, gl.drawingBufferHeight);
    gl.uniform1f(gl.getUniformLocation(s.program, 'u_atlas_size'), atlas.size);
    gl.uniform1f(gl.getUniformLocation(s.program, 'u_offset_y'), Math.round(OFFSET_Y_PX * this.map.getPixelRatio()));
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, s.texture);
    gl.uniform1i(gl.getUniformLocation(s.program, 'u_atlas'), 0);
    gl.bindVertexArray(s.vao);
    gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, this.slots.length);
    gl.bindVertexArray(null);
  }

  /** New plates' pixels into the texture; all of them after a repack, a new pixel ratio or a lost context. */
  private uploadAtlas(gl: Gl, s: GlState, atlas: TextAtlas): void {
    const whole = s.atlas !== atlas || s.atlasGeneration !== atlas.generation;
    const entries = atlas.takeUploads(whole);
    if (!whole && entries.length === 0) return;
    gl.bindTexture(gl.TEXTURE_2D, s.texture);
    if (whole) {
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, atlas.size, atlas.size, 0, gl.RGBA, gl.UNSIGNED_BYTE, null);
      s.atlas = atlas;
      s.atlasGeneration = atlas.generation;
    }
    // the rasters are premultiplied already; MapLibre may have left these set by its own uploads
    const premultiply = gl.getParameter(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL) as boolean;
    const flip = gl.getParameter(gl.UNPACK_FLIP_Y_WEBGL) as boolean;
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
    for (const e of entries) gl.texSubImage2D(gl.TEXTURE_2D, 0, e.x, e.y, e.raster.width, e.raster.height, gl.RGBA, gl.UNSIGNED_BYTE, e.raster.data);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, premultiply);
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, flip);
  }

  private setUp(gl: Gl): GlState {
    const program = linkProgram(gl, VERTEX, FRAGMENT, 'vehicle label');
    const vao = gl.createVertexArray()!;
    gl.bindVertexArray(vao);
    const quad = gl.createBuffer()!;
    gl.bindBuffer(gl.ARRAY_BUFFER, quad);
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([0, 0, 1, 0, 0, 1, 1, 1]), gl.STATIC_DRAW);
    const corner = gl.getAttribLocation(program, 'a_corner');
    gl.enableVertexAttribArray(corner);
    gl.vertexAttribPointer(corner, 2, gl.FLOAT, false, 0, 0);
    const instances = gl.createBuffer()!;
    gl.bindBuffer(gl.ARRAY_BUFFER, instances);
    const stride = FLOATS_PER_LABEL * 4;
    for (const [name, offset] of [['a_pos', 0], ['a_rect', 16]] as const) {
      const loc = gl.getAttribLocation(program, name);
      gl.enableVertexAttribArray(loc);
      gl.vertexAttribPointer(loc, 4, gl.FLOAT, false, stride, offset);
      gl.vertexAttribDivisor(loc, 1);
    }
    gl.bindVertexArray(null);
    const texture = gl.createTexture()!;
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    // no atlas yet: the first render allocates the texture and uploads every entry
    return { program, vao, quad, instances, texture, atlas: null, atlasGeneration: -1, uploaded: -1 };
  }
}
