import type { CustomRenderMethodInput } from 'maplibre-gl';
import { MapGlLayer } from './mapGlLayer.ts';
import { STATE_COLORS } from '../../../shared/vehicle/vehicleState.ts';
import {
  CENTRED_POSITION_GLSL,
  CENTRED_CORNERS,
  deleteQuadLayerState,
  instancedQuad,
  type InstancedQuad,
  linkProgram,
  setCentredUniforms,
} from './glProgram.ts';
import { FLOATS_PER_LABEL, copyLabelPositions, writeLabelRects } from './labelQuads.ts';
import { TextAtlas, type AtlasEntry } from './textAtlas.ts';
import { TextQuads } from './textQuads.ts';
import { TextRasteriser } from './textRaster.ts';
import { mercatorX, mercatorY, type VehicleBuffer } from './vehicleBuffer.ts';
import {
  FLOATS_PER_CLUSTER,
  abbreviated,
  clusterAt,
  clusterInstances,
  clusterOnGrid,
  unclusterAll,
  type GridCluster,
} from './vehicleClusters.ts';

/** Clusters up to this zoom; past it every vehicle is an arrow. */
export const CLUSTER_MAX_ZOOM = 11;
const CLUSTER_CELL_PX = 64;
/** MapLibre's world size in pixels at zoom 0. */
export const TILE_SIZE = 512;
const FILL = '#1265e0';
const FILL_OPACITY = 0.85;

const VERTEX = `#version 300 es
precision highp float;
${CENTRED_POSITION_GLSL}
uniform vec2 u_viewport;    // drawing buffer, device pixels
uniform float u_ratio;      // device pixels per CSS pixel
in vec2 a_corner;           // the quad: -1..1
in vec4 a_pos;              // mercator high x, y; remainder x, y
in vec3 a_shape;            // radius, ring width (CSS pixels), alarm
out vec2 v_px;              // device pixels from the centre
flat out vec3 v_shape;      // radius, outer radius (device pixels), alarm
void main() {
  vec4 clip = centredClip(a_pos);
  float outer = (a_shape.x + a_shape.y) * u_ratio + 1.0;
  v_px = a_corner * outer;
  v_shape = vec3(a_shape.x * u_ratio, outer - 1.0, a_shape.z);
  clip.xy += v_px * vec2(2.0, -2.0) / u_viewport * clip.w;
  gl_Position = clip;
}`;

const FRAGMENT = `#version 300 es
precision mediump float;
uniform vec4 u_fill;        // premultiplied
uniform vec4 u_ring;
uniform vec4 u_alarm_ring;
in vec2 v_px;
flat in vec3 v_shape;
out vec4 fragColor;
void main() {
  float d = length(v_px);
  float inside = clamp(v_shape.x + 0.5 - d, 0.0, 1.0);
  float ring = clamp(v_shape.y + 0.5 - d, 0.0, 1.0) - inside;
  fragColor = u_fill * inside + (v_shape.z > 0.5 ? u_alarm_ring : u_ring) * ring;
}`;

type Gl = WebGL2RenderingContext;

interface GlState extends InstancedQuad {
  program: WebGLProgram;
  uploaded: number;
}

const premultiplied = (hex: string, alpha = 1): [number, number, number, number] => {
  const n = parseInt(hex.slice(1), 16);
  return [(((n >> 16) & 255) / 255) * alpha, (((n >> 8) & 255) / 255) * alpha, ((n & 255) / 255) * alpha, alpha];
};

/**
 * The clusters zoomed out (a grid of 64-px cells from the same typed arrays as the arrows,
 * see `clusterOnGrid`), drawn by us: blue circles sized by count, a red ring on one holding a
 * vehicle in alarm, the count in white from a text atlas. A refresh (camera move, every few
 * seconds) recomputes them on the CPU and uploads a few kilobytes: no GeoJSON, no worker, no
 * symbol placement. Clicks are hit tested on the CPU (`clusterAt`).
 */
export class VehicleClusterLayer extends MapGlLayer {
  private state: GlState | null = null;
  private readonly counts = new TextQuads();
  private rasteriser: TextRasteriser | null = null;
  private atlas: TextAtlas | null = null;
  private clusters: GridCluster[] = [];
  private circles: Float32Array = new Float32Array(0);
  private labels = new Float32Array(0);
  private version = 0;

  constructor(
    id: string,
    readonly vehicles: VehicleBuffer,
  ) {
    super(id);
  }

  protected releaseGl(gl: Gl): void {
    if (this.state) deleteQuadLayerState(gl, this.state);
    this.counts.remove(gl);
    this.state = null;
  }

  protected forgetGl(): void {
    this.state = null;
    this.counts.forget();
  }

  /** Test-visible: the clusters drawn now. */
  shown(): readonly GridCluster[] {
    return this.clusters;
  }

  /** Clusters the vehicles for the zoom now (hiding their arrows), or shows every arrow past CLUSTER_MAX_ZOOM. */
  refresh(): void {
    const map = this.map;
    if (!map) return;
    const zoom = map.getZoom();
    if (zoom <= CLUSTER_MAX_ZOOM) {
      this.clusters = clusterOnGrid(this.vehicles, TILE_SIZE * 2 ** Math.floor(zoom), CLUSTER_CELL_PX);
    } else {
      unclusterAll(this.vehicles);
      this.clusters = [];
    }
    const ratio = map.getPixelRatio();
    if (this.rasteriser?.pixelRatio !== ratio) {
      this.rasteriser = new TextRasteriser({ size: 12, color: '#ffffff' }, ratio);
      this.atlas = new TextAtlas(512 * Math.ceil(ratio), this.rasteriser.rasterise);
    }
    this.circles = clusterInstances(this.clusters);
    const entries = this.atlas!.place(this.clusters.map((c) => abbreviated(c.count)));
    const withText: number[] = [];
    const rects: AtlasEntry[] = [];
    entries.forEach((e, i) => {
      if (!e) return;
      withText.push(i);
      rects.push(e);
    });
    this.labels = new Float32Array(withText.length * FLOATS_PER_LABEL);
    writeLabelRects(this.labels, rects);
    copyLabelPositions(this.labels, withText, this.circles, FLOATS_PER_CLUSTER);
    this.version++;
    map.triggerRepaint();
  }

  /** The cluster under a mercator point, or null. */
  clusterAt(x: number, y: number): GridCluster | null {
    return this.map ? clusterAt(this.clusters, x, y, TILE_SIZE * 2 ** this.map.getZoom()) : null;
  }

  render(gl: Gl, args: CustomRenderMethodInput): void {
    const map = this.map;
    if (!map || !this.atlas || this.clusters.length === 0) return;
    const s = (this.state ??= this.setUp(gl));
    gl.bindBuffer(gl.ARRAY_BUFFER, s.instances);
    if (s.uploaded !== this.version) {
      gl.bufferData(gl.ARRAY_BUFFER, this.circles, gl.DYNAMIC_DRAW);
      s.uploaded = this.version;
    }
    const center = map.getCenter();
    gl.useProgram(s.program);
    setCentredUniforms(gl, s.program, args.defaultProjectionData.mainMatrix, mercatorX(center.lng), mercatorY(center.lat));
    const at = (name: string) => gl.getUniformLocation(s.program, name);
    gl.uniform2f(at('u_viewport'), gl.drawingBufferWidth, gl.drawingBufferHeight);
    gl.uniform1f(at('u_ratio'), map.getPixelRatio());
    gl.uniform4fv(at('u_fill'), premultiplied(FILL, FILL_OPACITY));
    gl.uniform4fv(at('u_ring'), premultiplied('#ffffff'));
    gl.uniform4fv(at('u_alarm_ring'), premultiplied(STATE_COLORS.alarm));
    gl.bindVertexArray(s.vao);
    gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, this.clusters.length);
    gl.bindVertexArray(null);
    // the counts, centred on their circles
    this.counts.render(gl, args, map, this.atlas, this.labels, this.version, -Math.round(this.rasteriser!.height / 2));
  }

  private setUp(gl: Gl): GlState {
    const program = linkProgram(gl, VERTEX, FRAGMENT, 'vehicle cluster');
    const quad = instancedQuad(gl, program, CENTRED_CORNERS, FLOATS_PER_CLUSTER * 4, [
      ['a_pos', 4, 0],
      ['a_shape', 3, 16],
    ]);
    return { program, ...quad, uploaded: -1 };
  }
}
