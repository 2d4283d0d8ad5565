import type { VehicleBuffer } from './vehicleBuffer.ts';

export interface GridCluster {
  x: number;
  y: number;
  count: number;
  /** how many of its vehicles are in alarm */
  alarm: number;
  /** its grid cell, the same for the same cell at the same zoom: the feature id */
  key: number;
}

const ALARM_INDEX = 3; // VEHICLE_STATES' order: moving, stopped, offline, alarm

/**
 * Clusters on a grid of `cellPx` screen pixels at this world size (512 · 2^zoom): a cell with two
 * or more vehicles becomes one cluster at their mean position, and its vehicles are hidden from
 * the arrow layer; a vehicle alone in its cell stays an arrow. One pass over the typed arrays
 * (~1 ms for 10 000), so it runs on the main thread without a worker round trip.
 */
export function clusterOnGrid(buffer: VehicleBuffer, worldSize: number, cellPx: number): GridCluster[] {
  const cells = worldSize / cellPx;
  const keys = new Float64Array(buffer.count);
  const members = new Map<number, number>(); // cell key → count
  for (let i = 0; i < buffer.count; i++) {
    const key = Math.floor(buffer.x[i] * cells) * cells + Math.floor(buffer.y[i] * cells);
    keys[i] = key;
    members.set(key, (members.get(key) ?? 0) + 1);
  }
  const clusters: GridCluster[] = [];
  const clusterOfKey = new Map<number, number>();
  for (let i = 0; i < buffer.count; i++) {
    const key = keys[i];
    const inCluster = (members.get(key) ?? 0) > 1;
    buffer.setHidden(i, inCluster);
    if (!inCluster) continue;
    let c = clusterOfKey.get(key);
    if (c === undefined) {
      c = clusters.push({ x: 0, y: 0, count: 0, alarm: 0, key }) - 1;
      clusterOfKey.set(key, c);
    }
    const cluster = clusters[c];
    cluster.x += buffer.x[i];
    cluster.y += buffer.y[i];
    cluster.count++;
    if (buffer.state[i] === ALARM_INDEX) cluster.alarm++;
  }
  for (const c of clusters) {
    c.x /= c.count;
    c.y /= c.count;
  }
  return clusters;
}

/** Shows every vehicle again (zoomed in past clustering). */
export function unclusterAll(buffer: VehicleBuffer): void {
  for (let i = 0; i < buffer.count; i++) buffer.setHidden(i, false);
}

/** The count as the cluster shows it: 3, 999, 1.2k, 12k. */
export const abbreviated = (n: number) => (n >= 10_000 ? `${Math.round(n / 1000)}k` : n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n));

/** A cluster's circle radius in CSS pixels, growing in steps with its count (as the circle layer had it). */
export const clusterRadius = (count: number) => (count < 10 ? 14 : count < 100 ? 17 : count < 1000 ? 21 : 26);
/** Its ring: wider (and red, in the layer) when it holds a vehicle in alarm. */
export const clusterRing = (c: GridCluster) => (c.alarm > 0 ? 3.5 : 2);

/**
 * Per cluster on the GPU: mercator high x, y and remainders (as the arrows), radius and ring
 * width in CSS pixels, and 1 when it holds an alarm.
 */
export const FLOATS_PER_CLUSTER = 7;

export function clusterInstances(clusters: readonly GridCluster[]): Float32Array {
  const out = new Float32Array(clusters.length * FLOATS_PER_CLUSTER);
  clusters.forEach((c, i) => {
    const o = i * FLOATS_PER_CLUSTER;
    out[o] = c.x;
    out[o + 1] = c.y;
    out[o + 2] = c.x - out[o];
    out[o + 3] = c.y - out[o + 1];
    out[o + 4] = clusterRadius(c.count);
    out[o + 5] = clusterRing(c);
    out[o + 6] = c.alarm > 0 ? 1 : 0;
  });
  return out;
}

/** The cluster drawn under a mercator point (ring included), the topmost when they overlap, or null. */
export function clusterAt(clusters: readonly GridCluster[], x: number, y: number, worldSize: number): GridCluster | null {
  for (let i = clusters.length - 1; i >= 0; i--) {
    const c = clusters[i];
    const r = clusterRadius(c.count) + clusterRing(c);
    const dx = (c.x - x) * worldSize;
    const dy = (c.y - y) * worldSize;
    if (dx * dx + dy * dy <= r * r) return c;
  }
  return null;
}
