import { Tooltip } from 'antd';
import { fillErrorText, TERMINAL_ERRORS } from '@chelian/contracts';
import { touches, useFleetValue } from '../fleet/useFleetValue.ts';
import { M } from '../messages.ts';

/**
 * How many of the fleet's vehicles are past their service expiry: the map shows none of their
 * live positions (docs/decisions.md, Terminal service), and says so rather than leaving them out.
 */
export function ExpiredCount() {
  const n = useFleetValue((store) => store.counts().expired);
  if (n === 0) return null;
  return (
    <Tooltip title={M.monitor.expiredHint}>
      <span className="car-map-badge-expired" data-testid="expired-count">
        {M.monitor.expiredCount(n)}
      </span>
    </Tooltip>
  );
}

/** The chosen vehicle's service has expired: the policy's own words where its position would be. */
export function SelectedExpired({ vehicleId }: { vehicleId: number | null }) {
  const v = useFleetValue(
    (store) => {
      const found = vehicleId ? store.get(vehicleId) : undefined;
      return found?.serviceExpired ? `${found.plate || found.name}|${found.terminalId}` : '';
    },
    Object.is,
    touches(vehicleId),
  );
  if (!v) return null;
  const [plate, terminalId] = v.split('|');
  return (
    <div className="car-map-expired" data-testid="monitor-expired" role="status">
      <b>
        {plate} · {M.state.expired}
      </b>
      <span>{fillErrorText(TERMINAL_ERRORS.serviceExpired.msg, { terminalIds: terminalId })}</span>
    </div>
  );
}
