import { STATE_COLORS, VEHICLE_STATES } from '../fleet/vehicleState.ts';
import type { MapLibreMap } from './maplibre.ts';

const SIZE = 28;
const RATIO = 2;

/** A heading arrow in the state's colour, drawn once per state on a canvas (no image files). */
function arrow(color: string): ImageData {
  const px = SIZE * RATIO;
  const canvas = document.createElement('canvas');
  canvas.width = px;
  canvas.height = px;
  const g = canvas.getContext('2d')!;
  g.scale(RATIO, RATIO);
  g.beginPath();
  g.arc(SIZE / 2, SIZE / 2, 10.5, 0, Math.PI * 2);
  g.fillStyle = '#ffffff';
  g.shadowColor = 'rgba(0,0,0,0.35)';
  g.shadowBlur = 3;
  g.fill();
  g.shadowBlur = 0;
  g.beginPath();
  g.arc(SIZE / 2, SIZE / 2, 9, 0, Math.PI * 2);
  g.fillStyle = color;
  g.fill();
  // the arrow points north; the layer rotates it by the course
  g.beginPath();
  g.moveTo(SIZE / 2, 6.5);
  g.lineTo(SIZE / 2 + 5.5, 19.5);
  g.lineTo(SIZE / 2, 16.5);
  g.lineTo(SIZE / 2 - 5.5, 19.5);
  g.closePath();
  g.fillStyle = '#ffffff';
  g.fill();
  return g.getImageData(0, 0, px, px);
}

export const vehicleIconName = (state: string) => `car-${state}`;

export function addVehicleIcons(map: MapLibreMap): void {
  for (const state of VEHICLE_STATES) {
    const name = vehicleIconName(state);
    if (!map.hasImage(name)) map.addImage(name, arrow(STATE_COLORS[state]), { pixelRatio: RATIO });
  }
}
