import { get } from '../request/helpers.ts';

/** Last known position of a terminal (issue 4's monitor API); absent until that lands. */
export interface LastPosition {
  terminalId: string;
  lat: number;
  lon: number;
  speed: number;
  direction: number;
  altitude?: number;
  gpsTime: number;
  online: boolean;
  plate?: string;
  name?: string;
}

export const vehicleApi = {
  lastPositions: (ids: string[]) =>
    get<LastPosition[]>('/car/v4/api/monitor/lastPositions.json', { terminalIds: ids.join(',') }, { silent: true }),
};
