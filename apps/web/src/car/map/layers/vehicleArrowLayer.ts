import type { CustomRenderMethodInput } from 'maplibre-gl';
import { MapGlLayer } from './mapGlLayer.ts';
import { VEHICLE_STATES } from '../../../shared/vehicle/vehicleState.ts';
import { ARROW_SIZE, vehicleArrowAtlas } from '../../../shared/map/vehicleIcons.ts';
import {
  CENTRED_POSITION_GLSL,
  ATLAS_FRAGMENT_GLSL,
  CENTRED_CORNERS,
  deleteQuadLayerState,
  instancedQuad,
  type InstancedQuad,
  linkProgram,
  setCentredUniforms,
} from './glProgram.ts';
import { FLOATS_PER_VEHICLE, mercatorX, mercatorY, type VehicleBuffer } from './vehicleBuffer.ts';

const VERTEX = `#version 300 es
precision highp float;
${CENTRED_POSITION_GLSL}
uniform vec2 u_half_size;   // the arrow's half size in clip units
uniform float u_bearing;
in vec2 a_corner;           // the quad: -1..1
in vec4 a_pos;              // mercator high x, y; remainder x, y
in vec2 a_meta;             // heading (degrees), atlas index (-1 hidden)
out vec2 v_uv;
void main() {
  v_uv = vec2((a_corner.x * 0.5 + 0.5 + max(a_meta.y, 0.0)) / ${VEHICLE_STATES.length}.0, 0.5 - a_corner.y * 0.5);
  if (a_meta.y < 0.0) { gl_Position = vec4(2.0, 2.0, 2.0, 1.0); return; }
  vec4 clip = centredClip(a_pos);
  float a = radians(a_meta.x) - u_bearing; // clockwise from north, like icon-rotate
  vec2 c = a_corner;
  clip.xy += vec2(c.x * cos(a) + c.y * sin(a), c.y * cos(a) - c.x * sin(a)) * u_half_size * clip.w;
  gl_Position = clip;
}`;

type Gl = WebGL2RenderingContext;

interface GlState extends InstancedQuad {
  program: WebGLProgram;
  texture: WebGLTexture;
  generation: number;
  uniforms: Record<'halfSize' | 'bearing' | 'atlas', WebGLUniformLocation | null>;
}

/**
 * Every vehicle as one instanced, rotated arrow coloured by state, in one draw call, straight
 * from a VehicleBuffer: a batch of positions costs a `bufferSubData` of the changed slots, not a
 * worker round trip. All GL work happens inside `render` (MapLibre resets its state after it).
 */
export class VehicleArrowLayer extends MapGlLayer {
  private state: GlState | null = null;

  constructor(
    id: string,
    readonly vehicles: VehicleBuffer,
  ) {
    super(id);
  }

  protected releaseGl(gl: Gl): void {
    if (this.state) deleteQuadLayerState(gl, this.state);
    this.state = null;
  }

  /** A lost context took the program, buffers and texture with it: the next frame makes them again, whole. */
  protected forgetGl(): void {
    this.state = null;
  }

  /** Test-visible: where this vehicle is drawn, in display [lon, lat], or null. */
  drawnLngLat(vehicleId: number): [number, number] | null {
    return this.vehicles.lngLat(vehicleId);
  }

  /** Test-visible: whether the vehicle is drawn as an arrow now (not inside a cluster). */
  isShown(vehicleId: number): boolean {
    const slot = this.vehicles.slotOf(vehicleId);
    return slot !== undefined && !this.vehicles.hidden[slot];
  }

  /** Asks for a frame after the buffer changed. */
  changed(): void {
    this.map?.triggerRepaint();
  }

  render(gl: Gl, args: CustomRenderMethodInput): void {
    const s = (this.state ??= this.setUp(gl));
    const v = this.vehicles;
    gl.bindBuffer(gl.ARRAY_BUFFER, s.instances);
    if (s.generation !== v.generation) {
      gl.bufferData(gl.ARRAY_BUFFER, v.data, gl.DYNAMIC_DRAW);
      s.generation = v.generation;
      v.takeDirty();
    } else {
      for (const [from, to] of v.takeDirty()) {
        gl.bufferSubData(
          gl.ARRAY_BUFFER,
          from * FLOATS_PER_VEHICLE * 4,
          v.data,
          from * FLOATS_PER_VEHICLE,
          (to - from) * FLOATS_PER_VEHICLE,
        );
      }
    }
    if (v.count === 0 || !this.map) return;

    const center = this.map.getCenter();
    gl.useProgram(s.program);
    setCentredUniforms(gl, s.program, args.defaultProjectionData.mainMatrix, mercatorX(center.lng), mercatorY(center.lat));
    const px = (ARROW_SIZE / 2) * this.map.getPixelRatio();
    gl.uniform2f(s.uniforms.halfSize, (2 * px) / gl.drawingBufferWidth, (2 * px) / gl.drawingBufferHeight);
    gl.uniform1f(s.uniforms.bearing, (this.map.getBearing() * Math.PI) / 180);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, s.texture);
    gl.uniform1i(s.uniforms.atlas, 0);
    gl.bindVertexArray(s.vao);
    gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, v.count);
    gl.bindVertexArray(null);
  }

  private setUp(gl: Gl): GlState {
    const program = linkProgram(gl, VERTEX, ATLAS_FRAGMENT_GLSL, 'vehicle arrow');
    const quad = instancedQuad(gl, program, CENTRED_CORNERS, FLOATS_PER_VEHICLE * 4, [
      ['a_pos', 4, 0],
      ['a_meta', 2, 16],
    ]);
    gl.bufferData(gl.ARRAY_BUFFER, this.vehicles.data, gl.DYNAMIC_DRAW);
    this.vehicles.takeDirty();

    const texture = gl.createTexture()!;
    gl.bindTexture(gl.TEXTURE_2D, texture);
    // MapLibre blends premultiplied colours
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, true);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, vehicleArrowAtlas());
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);

    const at = (name: string) => gl.getUniformLocation(program, name);
    return {
      program,
      ...quad,
      texture,
      generation: this.vehicles.generation,
      uniforms: { halfSize: at('u_half_size'), bearing: at('u_bearing'), atlas: at('u_atlas') },
    };
  }
}
