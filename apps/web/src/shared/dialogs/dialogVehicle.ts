import { terminalEndpoints, vehicleEndpoints, type Vehicle } from '@chelian/contracts';
import { call } from '../request/call.ts';
import { useLoaded } from '../list/useLoaded.ts';

const quiet = { silent: true } as const;

/** What the vehicle dialog was opened for, resolved once for all its tabs (their panels get it as `target`). */
export interface DialogVehicle {
  /** the text the dialog was opened with */
  text: string;
  /** the vehicle, null when the text names none */
  vehicleId: number | null;
  /** its record, null when it could not be read (not visible, gone) */
  vehicle: Vehicle | null;
  /** the terminal whose positions to show: the vehicle's, else the terminal the dialog was opened with; '' for none */
  terminalId: string;
}

/**
 * The one rule for what the dialog was opened with: digits shorter than 11 are a vehicle id;
 * anything else (a JT/T 808 phone number, an IMEI, a terminal id with letters) is a terminal, to be
 * looked up for its vehicle — `fallback` is the vehicle id it is read as when the server does not
 * know the terminal (digits that can be one), else null.
 */
export function dialogKeyOf(text: string): { vehicleId: number | null } | { terminalId: string; fallback: number | null } {
  if (!text || /^\d{1,10}$/.test(text)) return { vehicleId: Number(text) || null };
  return { terminalId: text, fallback: /^\d+$/.test(text) && Number(text) <= Number.MAX_SAFE_INTEGER ? Number(text) : null };
}

async function resolveDialogVehicle(text: string): Promise<DialogVehicle> {
  const key = dialogKeyOf(text);
  let vehicleId: number | null;
  let terminalId = '';
  if ('vehicleId' in key) vehicleId = key.vehicleId;
  else {
    const terminal = await call(terminalEndpoints.detail, { terminalId: key.terminalId }, quiet).catch(() => null);
    vehicleId = terminal ? terminal.vehicleId : key.fallback;
    terminalId = terminal?.terminalId ?? '';
  }
  const vehicle = vehicleId ? await call(vehicleEndpoints.detail, { vehicleId }, quiet).catch(() => null) : null;
  return { text, vehicleId, vehicle, terminalId: vehicle?.terminalId || terminalId };
}

/** The dialog's vehicle for `raw` (asks terminal.detail and vehicle.detail once); undefined while resolving. */
export function useDialogVehicle(raw: string): DialogVehicle | undefined {
  const text = raw.trim();
  const resolved = useLoaded(resolveDialogVehicle, text, { silent: true, keepOnFailure: false });
  // the answer for this text only (not the last one's, for the render before this one loads)
  return !resolved.loading && resolved.data?.text === text ? resolved.data : undefined;
}
