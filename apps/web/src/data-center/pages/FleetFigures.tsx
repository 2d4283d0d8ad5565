import type { DataCenterOverview } from '@chelian/contracts';
import { D } from '../messages.ts';

const DIGITS = new Intl.NumberFormat('zh-CN');

export type FigureKey = keyof DataCenterOverview['fleet'] | 'alarmsToday' | 'onlineRate';

/** The fleet now, as the figure row of both pages shows it: label, value, colour. */
export function fleetFigures(o: DataCenterOverview): Array<{ key: FigureKey; label: string; value: string; tone: string }> {
  const rate = o.fleet.total ? `${((o.fleet.online / o.fleet.total) * 100).toFixed(1)}%` : '0%';
  const n = (v: number) => DIGITS.format(v);
  return [
    { key: 'total', label: D.fleet.total, value: n(o.fleet.total), tone: 'blue' },
    { key: 'online', label: D.fleet.online, value: n(o.fleet.online), tone: 'green' },
    { key: 'moving', label: D.fleet.moving, value: n(o.fleet.moving), tone: 'cyan' },
    { key: 'parked', label: D.fleet.parked, value: n(o.fleet.parked), tone: 'indigo' },
    { key: 'offline', label: D.fleet.offline, value: n(o.fleet.offline), tone: 'grey' },
    { key: 'alarm', label: D.fleet.alarm, value: n(o.fleet.alarm), tone: 'red' },
    { key: 'alarmsToday', label: D.alarmsToday, value: n(o.alarmsToday.total), tone: 'orange' },
    { key: 'onlineRate', label: D.fleet.onlineRate, value: rate, tone: 'green' },
  ];
}

/**
 * Every asset of the account by kind, the fleet's kinds first (they make up 车辆总数), the others
 * said apart: 车辆 50（在线 48 · 今日报警 12） · 电单车 5（…） · 人员 8（…） · 宠物 3（…）, and the
 * alarms of terminals in no asset when there are any (未绑定终端（今日报警 2）, listed by 报警中心):
 * the kinds' alarms and these add up to 今日报警.
 */
export function AssetKindStrip({ overview }: { overview: DataCenterOverview }) {
  const n = (v: number) => DIGITS.format(v);
  return (
    <div className="dc-kinds" data-testid="dc-kinds">
      <span className="dc-kinds-title">{D.kinds.title}</span>
      {overview.assetKinds.map((k) => (
        <span
          key={k.kind}
          className={k.inFleet ? 'dc-kind' : 'dc-kind dc-kind-apart'}
          title={k.inFleet ? undefined : D.kinds.notInFleet}
          data-testid={`dc-kind-${k.kind}`}
          data-total={k.total}
          data-online={k.online}
          data-alarms={k.alarmsToday}
        >
          {D.kinds.figure(k.kindName, n(k.total), n(k.online), n(k.alarmsToday))}
        </span>
      ))}
      {overview.alarmsToday.unbound > 0 && (
        <span
          className="dc-kind dc-kind-apart"
          title={D.kinds.unboundTip}
          data-testid="dc-kind-unbound"
          data-alarms={overview.alarmsToday.unbound}
        >
          {D.kinds.unbound(n(overview.alarmsToday.unbound))}
        </span>
      )}
    </div>
  );
}

/** The row of figures and the split by kind below it; `dc-figure-<key>` test ids carry the raw value too. */
export function FleetFigures({ overview }: { overview: DataCenterOverview }) {
  return (
    <>
      <div className="dc-figures">
        {fleetFigures(overview).map((f) => (
          <div
            key={f.key}
            className={`dc-figure dc-tone-${f.tone}`}
            data-testid={`dc-figure-${f.key}`}
            title={f.key === 'total' ? D.fleet.totalTip : undefined}
          >
            <div className="dc-figure-label">{f.label}</div>
            <div className="dc-figure-value">{f.value}</div>
          </div>
        ))}
      </div>
      <AssetKindStrip overview={overview} />
    </>
  );
}
