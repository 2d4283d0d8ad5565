import type { Alarm } from '@chelian/contracts';
import { beijingFormat } from '../../shared/format/beijingTime.ts';
import { D } from '../messages.ts';

const time = (ms: number) => beijingFormat(ms, 'HH:mm:ss');

/** The newest alarms: those the live feed pushed since the screen opened, then today's before them. */
export function AlarmTicker({ live, today }: { live: readonly Alarm[]; today: readonly Alarm[] }) {
  const seen = new Set<number>();
  const alarms = [...live, ...today].filter((a) => !seen.has(a.alarmId) && Boolean(seen.add(a.alarmId)));
  if (!alarms.length) return <div className="dc-empty">{D.noAlarms}</div>;
  return (
    <ul className="dcs-alarms" data-testid="dcs-alarms">
      {alarms.slice(0, 5).map((a) => (
        <li key={`${a.alarmId}-${a.alarmTime}`}>
          <span className="dcs-alarm-time">{time(a.alarmTime)}</span>
          <span className="dcs-alarm-plate">{a.plate || a.name || a.terminalId}</span>
          <span className="dcs-alarm-type">{a.typeName}</span>
        </li>
      ))}
    </ul>
  );
}
