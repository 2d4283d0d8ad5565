import type { CustomLayerInterface, CustomRenderMethodInput, Map as MapLibreMap } from 'maplibre-gl';

/**
 * What the vehicle layers share as MapLibre custom layers: the map while the layer is added, and
 * the lost-WebGL-context listener (one, however often the layer is added again after a restore),
 * which has the layer forget its GL objects so the next frame makes them again.
 */
export abstract class MapGlLayer implements CustomLayerInterface {
  readonly type = 'custom' as const;
  readonly renderingMode = '2d' as const;
  protected map: MapLibreMap | null = null;

  constructor(readonly id: string) {}

  /** A lost context took the GL objects with it: drop them, the next frame makes them again. */
  protected abstract forgetGl(): void;

  /** The layer leaves the map: delete its GL objects. */
  protected abstract releaseGl(gl: WebGL2RenderingContext): void;

  abstract render(gl: WebGL2RenderingContext, args: CustomRenderMethodInput): void;

  private readonly onContextLost = () => this.forgetGl();

  onAdd(map: MapLibreMap): void {
    this.map = map;
    map.off('webglcontextlost', this.onContextLost);
    map.on('webglcontextlost', this.onContextLost);
  }

  onRemove(map: MapLibreMap, gl: WebGL2RenderingContext): void {
    map.off('webglcontextlost', this.onContextLost);
    this.releaseGl(gl);
    this.map = null;
  }
}
