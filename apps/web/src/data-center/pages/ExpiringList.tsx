import type { DataCenterOverview } from '@chelian/contracts';
import { beijingDate as dayText } from '../../shared/format/beijingTime.ts';
import { D } from '../messages.ts';

/** Expired and soon-expiring counts, and the soonest terminals to end (Beijing dates). */
export function ExpiringList({ expiring }: { expiring: DataCenterOverview['expiring'] }) {
  return (
    <div className="dc-expiring" data-testid="dc-expiring">
      <div className="dc-expiring-counts">
        <div className="dc-expiring-count dc-tone-red">
          <span>{D.expired}</span>
          <strong data-testid="dc-expired">{expiring.expired}</strong>
        </div>
        <div className="dc-expiring-count dc-tone-orange">
          <span>{D.expiringSoon}</span>
          <strong data-testid="dc-expiring-soon">{expiring.soon}</strong>
        </div>
      </div>
      {expiring.list.length === 0 ? (
        <div className="dc-empty">{D.empty}</div>
      ) : (
        <ul className="dc-expiring-list">
          {expiring.list.map((e) => (
            <li key={e.terminalId}>
              <span className="dc-expiring-plate" title={e.terminalId}>
                {e.plate || e.terminalId}
              </span>
              <span className="dc-expiring-date">{dayText(e.expiresAt)}</span>
              <span className={e.daysLeft <= 7 ? 'dc-expiring-left dc-urgent' : 'dc-expiring-left'}>{D.daysLeft(e.daysLeft)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
