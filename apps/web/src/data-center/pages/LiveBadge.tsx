import type { LiveStatus } from '../../shared/live/liveFeed.ts';
import { D } from '../messages.ts';

/** Whether the page is following the live feed. */
export function LiveBadge({ status }: { status: LiveStatus }) {
  return (
    <span className={`dc-live dc-live-${status}`} data-testid="dc-live" data-status={status}>
      <i />
      {D.live[status]}
    </span>
  );
}
