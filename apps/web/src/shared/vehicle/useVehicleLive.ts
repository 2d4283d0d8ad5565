import { useEffect, useState } from 'react';
import { monitorEndpoints, terminalEndpoints, vehicleEndpoints, type Vehicle } from '@chelian/contracts';
import { call } from '../request/call.ts';
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

const POLL_MS = 5000;

/**
 * One vehicle's record and live position: from the enclosing live fleet (the car app's) when there
 * is one, otherwise by polling lastPositions (the shell's dialog runs outside the car app).
 */
export function useVehicleLive(vehicleId: number | null): LiveVehicle {
  const fleet = useVehicleSource();
  const [vehicle, setVehicle] = useState<Vehicle | null>(null);
  const [status, setStatus] = useState<LiveVehicle['status']>('loading');
  const [polled, setPolled] = useState<LiveVehicle['position']>(null);
  const [online, setOnline] = useState(false);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (!vehicleId) return setStatus('missing');
    let alive = true;
    setStatus('loading');
    setPolled(null);
    call(vehicleEndpoints.detail, { vehicleId }, { silent: true })
      .then((v) => alive && (setVehicle(v), setOnline(v.online), setStatus('ready')))
      .catch(() => alive && setStatus('missing'));
    return () => {
      alive = false;
    };
  }, [vehicleId]);

  // In the car app: re-render when this vehicle changes.
  useEffect(() => {
    if (!fleet || !vehicleId) return;
    return fleet.subscribe((changed) => (changed === 'all' || changed.has(vehicleId)) && setTick((t) => t + 1));
  }, [fleet, vehicleId]);

  // Outside it: poll.
  const terminalId = vehicle?.terminalId;
  useEffect(() => {
    if (fleet || !terminalId) return;
    let alive = true;
    const load = () =>
      call(monitorEndpoints.lastPositions, { terminalIds: terminalId }, { silent: true })
        .then((list) => {
          const p = list?.[0];
          if (!alive || !p) return;
          setOnline(p.online);
          setPolled({
            lon: p.lon,
            lat: p.lat,
            speed: p.speed,
            course: p.direction,
            gpsTime: p.gpsTime,
            mileage: p.mileage,
            acc: p.acc,
            alarms: p.alarms ?? [],
          });
        })
        .catch(() => undefined);
    void load();
    const timer = window.setInterval(load, POLL_MS);
    return () => {
      alive = false;
      window.clearInterval(timer);
    };
  }, [fleet, terminalId]);

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

/**
 * The dialog is opened by vehicleId; a caller that only knows the terminal (a JT/T 808 phone
 * number or an IMEI, 11+ digits) is resolved through the terminal. undefined while resolving.
 */
export function useResolvedVehicleId(raw: string): number | null | undefined {
  const [resolved, setResolved] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    const text = raw.trim();
    if (!/^\d+$/.test(text)) return setResolved(null);
    if (text.length < 11) return setResolved(Number(text) || null);
    let alive = true;
    setResolved(undefined);
    call(terminalEndpoints.detail, { terminalId: text }, { silent: true })
      .then((t) => alive && setResolved(t.vehicleId))
      .catch(() => alive && setResolved(Number(text) <= Number.MAX_SAFE_INTEGER ? Number(text) : null));
    return () => {
      alive = false;
    };
  }, [raw]);
  return resolved;
}
