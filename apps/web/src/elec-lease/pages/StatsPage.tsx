import { useState } from 'react';
import { Button, Card, Statistic } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { elecLeaseEndpoints, type LeaseBikeStat } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { DayRange, lastDays } from '../../shared/ui/DayRange.tsx';
import { yuan } from '../money.ts';
import { L } from '../messages.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { browserPager } from '../../shared/ui/pagination.ts';
import { kmText } from '../../shared/format/distance.ts';

const S = L.stats;
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

/** 运营统计: utilisation, revenue, overdue amount and rate, new riders; per bike mileage, days rented and battery health; Excel. */
export function StatsPage() {
  const [days, setDays] = useState(lastDays(30));
  const loaded = useWholeList(elecLeaseEndpoints.stats, days);
  const stats = loaded.data;
  const figure = (title: string, value: string | number, testId?: string) => (
    <Card size="small">
      <Statistic title={title} value={value} data-testid={testId} />
    </Card>
  );
  return (
    <div className="sp-page" data-testid="lease-stats">
      <section className="sp-card">
        <div className="sp-toolbar">
          <span className="sp-title">{S.title}</span>
          <DayRange value={days} onChange={setDays} />
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void call(elecLeaseEndpoints.exportStats, days, { fileName: '运营统计.xlsx' }).catch(() => {})}
            data-testid="stats-export"
          >
            {L.common.export}
          </Button>
        </div>
        {stats && (
          <div className="ls-figures">
            {figure(S.vehicles, stats.vehicles)}
            {figure(S.rented, stats.rented)}
            {figure(S.utilisation, pct(stats.utilisation))}
            {figure(S.revenue, yuan(stats.revenueFen), 'stats-revenue')}
            {stats.revenueByMethod.map((m) => (
              <Card size="small" key={m.method}>
                <Statistic title={`${m.name}${S.byMethod}`} value={yuan(m.amountFen)} />
              </Card>
            ))}
            {figure(S.open, stats.openContracts)}
            {figure(S.overdue, stats.overdueContracts)}
            {figure(S.overdueRate, pct(stats.overdueRate))}
            {figure(S.overdueAmount, yuan(stats.overdueFen))}
            {figure(S.newRiders, stats.newRiders)}
          </div>
        )}
      </section>
      <ListCard<LeaseBikeStat>
        // the figures come whole; the bikes among them are paged here
        list={{ ...loaded, rows: stats?.bikes ?? [], pager: browserPager() }}
        rowKey="vehicleId"
        columns={[
          { title: L.vehicle.code, dataIndex: 'code', width: 140 },
          { title: L.vehicle.plate, dataIndex: 'plate', width: 130 },
          { title: L.vehicle.state, dataIndex: 'stateName', width: 100 },
          { title: S.mileage, dataIndex: 'mileageKm', width: 110, align: 'right', render: (km: number) => kmText(km) },
          { title: S.rentedDays, dataIndex: 'rentedDays', width: 100, align: 'right' },
          {
            title: L.vehicle.battery,
            key: 'b',
            width: 90,
            align: 'right',
            render: (_, b) => (b.batteryPercent === null ? L.common.none : `${b.batteryPercent}%`),
          },
          { title: S.batteryHealth, key: 'h', width: 130, align: 'right', render: (_, b) => b.batteryHealth ?? L.common.none },
          { title: S.cycles, key: 'c', width: 100, align: 'right', render: (_, b) => b.batteryCycles ?? L.common.none },
        ]}
      />
    </div>
  );
}
