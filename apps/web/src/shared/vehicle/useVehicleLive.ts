import { useEffect, useMemo, useState } from 'react';
import { monitorEndpoints, vehicleEndpoints, type Vehicle } from '@chelian/contracts';
import { useWholeList } from '../list/useLoaded.ts';
import { DIALOG_POLL_MS, useDialogPosition } from '../dialogs/dialogPosition.ts';
import { useVehicleSource } from './vehicleSource.ts';
import { vehicleState, type VehicleState } from './vehicleState.ts';

export interface LiveVehicle {
  vehicle: Vehicle | null;
  /** null until it has reported a position */
  position: {
    lon: number;
    lat: number;
    speed: number;
    course: number;
    gpsTime: number;
    mileage: number | null;
    acc: boolean | null;
    alarms: string[];
  } | null;
  online: boolean;
  state: VehicleState;
  status: 'loading' | 'ready' | 'missing';
}

/** The follow page's cadence, the dialog's too. */
const POLL_MS = DIALOG_POLL_MS;

/**
 * One vehicle's record and live position: from the enclosing live fleet (the car app's) when there
 * is one, otherwise by polling lastPositions — in the vehicle dialog (the shell's runs outside the
 * car app) the dialog's one poll for all its tabs, elsewhere (the follow page) its own.
 * `known`: its record when the caller has read it already (the vehicle dialog, once for its tabs;
 * null: it could not be read); otherwise it is read here.
 */
export function useVehicleLive(vehicleId: number | null, known?: Vehicle | null): LiveVehicle {
  const fleet = useVehicleSource();
  const [tick, setTick] = useState(0);
  const given = known !== undefined;
  // Quiet: the panel shows its own 未找到; a failure shows none rather than another vehicle's record.
  const read = useWholeList(vehicleEndpoints.detail, vehicleId && !given ? { vehicleId } : undefined, {
    silent: true,
    enabled: Boolean(vehicleId) && !given,
    keepOnFailure: false,
  });
  const detail = given ? { data: known, loading: false } : read;
  const vehicle = detail.data;
  const status: LiveVehicle['status'] = !vehicleId ? 'missing' : detail.loading ? 'loading' : vehicle ? 'ready' : 'missing';

  // In the car app: re-render when this vehicle changes.
  useEffect(() => {
    if (!fleet || !vehicleId) return;
    return fleet.subscribe((changed) => (changed === 'all' || changed.has(vehicleId)) && setTick((t) => t + 1));
  }, [fleet, vehicleId]);

  // Outside it: poll, quietly (the first answer with no spinner of its own either); a failed poll keeps the last position.
  const terminalId = vehicle?.terminalId;
  const needsPoll = !fleet && Boolean(terminalId);
  const dialog = useDialogPosition(needsPoll);
  const polling = needsPoll && !dialog;
  const polls = useWholeList(monitorEndpoints.lastPositions, terminalId ? { terminalIds: terminalId } : undefined, {
    silent: true,
    enabled: polling,
  });
  const { reload: poll } = polls;
  useEffect(() => {
    if (!polling) return;
    const timer = window.setInterval(() => void poll(true), POLL_MS);
    return () => window.clearInterval(timer);
  }, [poll, polling, terminalId]);
  // None while another vehicle or terminal loads, as before its first answer.
  const p = detail.loading ? undefined : dialog ? (needsPoll ? dialog.position : null) : polls.loading ? undefined : polls.data?.[0];
  const polled = useMemo<LiveVehicle['position']>(
    () =>
      p
        ? {
            lon: p.lon,
            lat: p.lat,
            speed: p.speed,
            course: p.direction,
            gpsTime: p.gpsTime,
            mileage: p.mileage,
            acc: p.acc,
            alarms: p.alarms ?? [],
          }
        : null,
    [p],
  );
  const online = p ? p.online : (vehicle?.online ?? false);

  void tick;
  const fv = fleet && vehicleId ? fleet.get(vehicleId) : undefined;
  if (fv) {
    const position = fv.hasPosition
      ? {
          lon: fv.lon,
          lat: fv.lat,
          speed: fv.speed,
          course: fv.course,
          gpsTime: fv.gpsTime,
          mileage: fv.mileage,
          acc: fv.acc,
          alarms: fv.alarms,
        }
      : null;
    return { vehicle, position, online: fv.online, state: fv.state, status };
  }
  const state = vehicleState({ online, speed: polled?.speed ?? 0, alarming: (polled?.alarms.length ?? 0) > 0 });
  return { vehicle, position: polled, online, state, status };
}
