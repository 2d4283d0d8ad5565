type Gl = WebGL2RenderingContext;

function compile(gl: Gl, type: number, source: string, what: string): WebGLShader {
  const shader = gl.createShader(type)!;
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) throw new Error(`${what} shader: ${gl.getShaderInfoLog(shader)}`);
  return shader;
}

/** A linked program from GLSL sources; `what` names it in the error. */
export function linkProgram(gl: Gl, vertex: string, fragment: string, what: string): WebGLProgram {
  const program = gl.createProgram()!;
  gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, vertex, what));
  gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, fragment, what));
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(`${what} program: ${gl.getProgramInfoLog(program)}`);
  return program;
}

/**
 * MapLibre's mercator → clip matrix translated to the camera's centre (cx, cy, mercator 0..1),
 * computed in float64, with the centre split into a float32 high part and the remainder: the
 * shaders subtract it from each position's own high/low parts, so the GPU only sees small
 * offsets and street zoom does not jitter.
 */
export function centredMatrix(
  m: ArrayLike<number>,
  cx: number,
  cy: number,
): { matrix: Float32Array; hi: [number, number]; lo: [number, number] } {
  const matrix = new Float32Array(m);
  for (let r = 0; r < 4; r++) matrix[12 + r] = m[r] * cx + m[4 + r] * cy + m[12 + r];
  const hiX = Math.fround(cx);
  const hiY = Math.fround(cy);
  return { matrix, hi: [hiX, hiY], lo: [cx - hiX, cy - hiY] };
}

/** The centred-position GLSL both vehicle layers share: a_pos is [high x, high y, low x, low y]. */
export const CENTRED_POSITION_GLSL = `
uniform mat4 u_matrix;
uniform vec2 u_center_hi;
uniform vec2 u_center_lo;
vec4 centredClip(vec4 pos) {
  return u_matrix * vec4((pos.xy - u_center_hi) + (pos.zw - u_center_lo), 0.0, 1.0);
}`;

/** Sets the uniforms of CENTRED_POSITION_GLSL for this frame. */
export function setCentredUniforms(gl: Gl, program: WebGLProgram, mainMatrix: ArrayLike<number>, cx: number, cy: number): void {
  const { matrix, hi, lo } = centredMatrix(mainMatrix, cx, cy);
  gl.uniformMatrix4fv(gl.getUniformLocation(program, 'u_matrix'), false, matrix);
  gl.uniform2f(gl.getUniformLocation(program, 'u_center_hi'), hi[0], hi[1]);
  gl.uniform2f(gl.getUniformLocation(program, 'u_center_lo'), lo[0], lo[1]);
}

/** The fragment shader of a layer that draws straight from a texture atlas (arrows, texts). */
export const ATLAS_FRAGMENT_GLSL = `#version 300 es
precision mediump float;
uniform sampler2D u_atlas;
in vec2 v_uv;
out vec4 fragColor;
void main() { fragColor = texture(u_atlas, v_uv); }`;

/** A quad's four corners as a triangle strip: -1..1 (centred) or 0..1 (from the top left). */
export const CENTRED_CORNERS = new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]);
export const UNIT_CORNERS = new Float32Array([0, 0, 1, 0, 0, 1, 1, 1]);

export interface InstancedQuad {
  vao: WebGLVertexArrayObject;
  quad: WebGLBuffer;
  instances: WebGLBuffer;
}

/**
 * The vertex array every vehicle layer draws with: `a_corner` from a static quad, and per
 * instance the float attributes `[name, size, byte offset]` interleaved in one buffer of
 * `stride` bytes (left bound to ARRAY_BUFFER for the caller's first upload).
 */
export function instancedQuad(
  gl: Gl,
  program: WebGLProgram,
  corners: Float32Array,
  stride: number,
  attributes: ReadonlyArray<readonly [string, number, number]>,
): InstancedQuad {
  const vao = gl.createVertexArray()!;
  gl.bindVertexArray(vao);
  const quad = gl.createBuffer()!;
  gl.bindBuffer(gl.ARRAY_BUFFER, quad);
  gl.bufferData(gl.ARRAY_BUFFER, corners, gl.STATIC_DRAW);
  const corner = gl.getAttribLocation(program, 'a_corner');
  gl.enableVertexAttribArray(corner);
  gl.vertexAttribPointer(corner, 2, gl.FLOAT, false, 0, 0);
  const instances = gl.createBuffer()!;
  gl.bindBuffer(gl.ARRAY_BUFFER, instances);
  for (const [name, size, offset] of attributes) {
    const loc = gl.getAttribLocation(program, name);
    gl.enableVertexAttribArray(loc);
    gl.vertexAttribPointer(loc, size, gl.FLOAT, false, stride, offset);
    gl.vertexAttribDivisor(loc, 1);
  }
  gl.bindVertexArray(null);
  return { vao, quad, instances };
}

/** Deletes what `instancedQuad` made. */
function deleteInstancedQuad(gl: Gl, q: InstancedQuad): void {
  gl.deleteVertexArray(q.vao);
  gl.deleteBuffer(q.quad);
  gl.deleteBuffer(q.instances);
}

/** Deletes a layer's GL state: its program, its instanced quad and its atlas texture, if it has one. */
export function deleteQuadLayerState(gl: Gl, s: InstancedQuad & { program: WebGLProgram; texture?: WebGLTexture }): void {
  gl.deleteProgram(s.program);
  deleteInstancedQuad(gl, s);
  if (s.texture) gl.deleteTexture(s.texture);
}
