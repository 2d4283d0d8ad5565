import type { CustomRenderMethodInput, Map as MapLibreMap } from 'maplibre-gl';
import {
  CENTRED_POSITION_GLSL,
  ATLAS_FRAGMENT_GLSL,
  UNIT_CORNERS,
  deleteQuadLayerState,
  instancedQuad,
  type InstancedQuad,
  linkProgram,
  setCentredUniforms,
} from './glProgram.ts';
import { FLOATS_PER_LABEL } from './labelQuads.ts';
import type { TextAtlas } from './textAtlas.ts';
import { mercatorX, mercatorY } from './vehicleBuffer.ts';

const VERTEX = `#version 300 es
precision highp float;
${CENTRED_POSITION_GLSL}
uniform vec2 u_viewport;    // drawing buffer, device pixels
uniform float u_atlas_size;
uniform float u_offset_y;   // device pixels from the point to the raster's top
in vec2 a_corner;           // the quad: 0..1
in vec4 a_pos;              // the point: mercator high x, y; remainder x, y
in vec4 a_rect;             // its text in the atlas: x, y, width, height (device pixels)
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

type Gl = WebGL2RenderingContext;

interface GlState extends InstancedQuad {
  program: WebGLProgram;
  texture: WebGLTexture;
  /** the atlas (and its generation) the texture holds */
  atlas: TextAtlas | null;
  atlasGeneration: number;
  /** the instance data the buffer holds, by the caller's version */
  uploaded: number;
}

/**
 * Screen-aligned texts from a TextAtlas, one instanced quad each, centred horizontally on a
 * mercator point and hung `offsetY` device pixels below it (layout in `labelQuads.ts`). Owns
 * the GL objects; a lost context (`forget`) makes them again and uploads the atlas whole.
 */
export class TextQuads {
  private state: GlState | null = null;

  forget(): void {
    this.state = null;
  }

  remove(gl: Gl): void {
    if (this.state) deleteQuadLayerState(gl, this.state);
    this.state = null;
  }

  /** Draws `instances` (FLOATS_PER_LABEL each), uploading them when `version` is new. */
  render(
    gl: Gl,
    args: CustomRenderMethodInput,
    map: MapLibreMap,
    atlas: TextAtlas,
    instances: Float32Array,
    version: number,
    offsetY: number,
  ): void {
    const s = (this.state ??= setUp(gl));
    uploadAtlas(gl, s, atlas);
    const count = instances.length / FLOATS_PER_LABEL;
    if (count === 0) return;
    gl.bindBuffer(gl.ARRAY_BUFFER, s.instances);
    if (s.uploaded !== version) {
      gl.bufferData(gl.ARRAY_BUFFER, instances, gl.DYNAMIC_DRAW);
      s.uploaded = version;
    }
    const center = map.getCenter();
    gl.useProgram(s.program);
    setCentredUniforms(gl, s.program, args.defaultProjectionData.mainMatrix, mercatorX(center.lng), mercatorY(center.lat));
    gl.uniform2f(gl.getUniformLocation(s.program, 'u_viewport'), gl.drawingBufferWidth, gl.drawingBufferHeight);
    gl.uniform1f(gl.getUniformLocation(s.program, 'u_atlas_size'), atlas.size);
    gl.uniform1f(gl.getUniformLocation(s.program, 'u_offset_y'), offsetY);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, s.texture);
    gl.uniform1i(gl.getUniformLocation(s.program, 'u_atlas'), 0);
    gl.bindVertexArray(s.vao);
    gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, count);
    gl.bindVertexArray(null);
  }
}

/** New texts' pixels into the texture; all of them after a repack, a new atlas or a lost context. */
function uploadAtlas(gl: Gl, s: GlState, atlas: TextAtlas): void {
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
  for (const e of entries)
    gl.texSubImage2D(gl.TEXTURE_2D, 0, e.x, e.y, e.raster.width, e.raster.height, gl.RGBA, gl.UNSIGNED_BYTE, e.raster.data);
  gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, premultiply);
  gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, flip);
}

function setUp(gl: Gl): GlState {
  const program = linkProgram(gl, VERTEX, ATLAS_FRAGMENT_GLSL, 'map text');
  const quad = instancedQuad(gl, program, UNIT_CORNERS, FLOATS_PER_LABEL * 4, [
    ['a_pos', 4, 0],
    ['a_rect', 4, 16],
  ]);
  const texture = gl.createTexture()!;
  gl.bindTexture(gl.TEXTURE_2D, texture);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  // no atlas yet: the first render allocates the texture and uploads every entry
  return { program, ...quad, texture, atlas: null, atlasGeneration: -1, uploaded: -1 };
}
