import { STATE_COLORS, VEHICLE_STATES } from '../vehicle/vehicleState.ts';
import type { MapLibreMap } from './maplibre.ts';

/** The arrow's size in CSS pixels, and the resolution it is drawn at. */
export const ARROW_SIZE = 28;
const SIZE = ARROW_SIZE;
const RATIO = 2;

/** A heading arrow in the state's colour, drawn once per state on a canvas (no image files). */
function arrow(color: string): ImageData {
  const px = SIZE * RATIO;
  const canvas = document.createElement('canvas');
  canvas.width = px;
  canvas.height = px;
  return drawArrow(canvas.getContext('2d')!, color, 0);
}

function drawArrow(g: CanvasRenderingContext2D, color: string, left: number): ImageData {
  const px = SIZE * RATIO;
  g.setTransform(RATIO, 0, 0, RATIO, left * RATIO, 0);
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
  return g.getImageData(left * RATIO, 0, px, px);
}

/** The four state arrows side by side, in VEHICLE_STATES' order: the custom arrow layer's texture. */
export function vehicleArrowAtlas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = SIZE * RATIO * VEHICLE_STATES.length;
  canvas.height = SIZE * RATIO;
  const g = canvas.getContext('2d')!;
  VEHICLE_STATES.forEach((state, i) => drawArrow(g, STATE_COLORS[state], i * SIZE));
  return canvas;
}

export const vehicleIconName = (state: string) => `car-${state}`;

export function addVehicleIcons(map: MapLibreMap): void {
  for (const state of VEHICLE_STATES) {
    const name = vehicleIconName(state);
    if (!map.hasImage(name)) map.addImage(name, arrow(STATE_COLORS[state]), { pixelRatio: RATIO });
  }
}
