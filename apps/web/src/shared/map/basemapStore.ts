import { useEffect, useState } from 'react';
import { mapSettingsEndpoints, type BasemapInfo } from '@chelian/contracts';
import { runtimeConfig } from '../config/runtimeConfig.ts';
import { call } from '../request/call.ts';

/** How often an open map asks whether 地图设置 changed (docs/maps.md: every open page follows within this). */
export const BASEMAP_POLL_MS = 10_000;

/** Before the first answer, or without one: what /runtime-config.js says (TILE_URL, or the shipped basemap). */
export function runtimeBasemap(config = runtimeConfig()): BasemapInfo {
  const raster = config.tileUrl !== '';
  return {
    version: 'runtime',
    kind: raster ? 'custom' : 'offline',
    style: raster ? 'raster' : 'offline',
    tiles: raster ? [config.tileUrl] : [],
    styleUrl: '',
    coordSystem: raster ? config.tileCoordSystem : 'wgs84',
    attribution: '',
  };
}

type Listener = (basemap: BasemapInfo) => void;

let current: BasemapInfo | null = null;
const listeners = new Set<Listener>();
let timer: ReturnType<typeof setInterval> | null = null;
let asking: Promise<void> | null = null;

/** What the maps draw now: the last answer, else the runtime config's. Coordinates are converted by it (displayCoords.ts). */
export function currentBasemap(): BasemapInfo {
  return current ?? runtimeBasemap();
}

/** Whether the server has answered at least once (a map waits for it, so it is not built twice at start). */
export function basemapKnown(): boolean {
  return current !== null;
}

/** Sets what the maps draw and tells them when it changed (tests set it directly). */
export function setBasemap(next: BasemapInfo): void {
  const changed = current === null || current.version !== next.version;
  current = next;
  if (changed) for (const l of [...listeners]) l(next);
}

/** Asks the server once; a failure keeps what the maps draw (the next poll asks again). */
export function refreshBasemap(): Promise<void> {
  asking ??= call(mapSettingsEndpoints.basemap, undefined, { silent: true })
    .then((answer) => setBasemap(answer))
    .catch(() => {
      if (current === null) setBasemap(runtimeBasemap());
    })
    .finally(() => (asking = null));
  return asking;
}

const onVisible = () => {
  if (document.visibilityState === 'visible') void refreshBasemap();
};

/** A map listens while it is open: the first listener starts the poll, the last one stops it. */
export function subscribeBasemap(listener: Listener): () => void {
  listeners.add(listener);
  if (!timer) {
    void refreshBasemap();
    timer = setInterval(() => document.visibilityState !== 'hidden' && void refreshBasemap(), BASEMAP_POLL_MS);
    document.addEventListener('visibilitychange', onVisible);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
      document.removeEventListener('visibilitychange', onVisible);
    }
  };
}

/** The basemap an open map draws, following 地图设置; null until the server first answers. */
export function useBasemap(): BasemapInfo | null {
  const [basemap, setState] = useState<BasemapInfo | null>(() => (basemapKnown() ? currentBasemap() : null));
  useEffect(() => subscribeBasemap(setState), []);
  return basemap;
}
