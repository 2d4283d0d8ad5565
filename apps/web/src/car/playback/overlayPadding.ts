import type { MapLibreMap } from '../../shared/map/maplibre.ts';

/** Air between the track (or the replayed vehicle) and what floats over the map. */
export const OVERLAY_AIR_PX = 12;

export interface Padding {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * The map's padding on the playback page (pure): the band under the summary at the top and the one
 * from the player bar down, each with some air, so the camera frames the track and the replayed
 * vehicle in the part of the map nothing floats over. Heights in the map's own pixels.
 */
export function playbackPadding(input: { mapHeight: number; summaryBottom: number | null; controlsTop: number | null }): Padding {
  return {
    top: input.summaryBottom === null ? 0 : input.summaryBottom + OVERLAY_AIR_PX,
    bottom: input.controlsTop === null ? 0 : Math.max(0, input.mapHeight - input.controlsTop) + OVERLAY_AIR_PX,
    left: 0,
    right: 0,
  };
}

/** Reads the summary's and the player bar's places from the map's frame (they float in it) and sets the map's padding. */
export function padAroundOverlays(map: MapLibreMap): void {
  const frame = map.getContainer().parentElement;
  if (!frame) return;
  const summary = frame.querySelector<HTMLElement>('.car-playback-summary');
  const controls = frame.querySelector<HTMLElement>('.car-playback-controls');
  map.setPadding(
    playbackPadding({
      mapHeight: frame.clientHeight,
      summaryBottom: summary ? summary.offsetTop + summary.offsetHeight : null,
      controlsTop: controls ? controls.offsetTop : null,
    }),
  );
}
