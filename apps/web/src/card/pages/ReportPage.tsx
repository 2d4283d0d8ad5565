import { useState } from 'react';
import { Button, DatePicker, Radio, TreeSelect } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { cardEndpoints, type CardReportQuery, type CardReportRow } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { beijingToday } from '../cardTime.ts';
import { teamTree } from '../teamTree.ts';
import { C } from '../messages.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { browserPager } from '../../shared/ui/pagination.ts';

const R = C.report;

/** 统计报表: daily, weekly and monthly figures per person — attendance, off post, patrols, wear time, alarms — with Excel export. */
export function ReportPage() {
  const { rows: teams } = useWholeList(cardEndpoints.teams);
  const [query, setQuery] = useState<CardReportQuery>({ kind: 'day', date: beijingToday() });
  const loaded = useWholeList(cardEndpoints.report, query);
  const report = loaded.data;
  const num = (title: string, key: keyof CardReportRow) => ({
    title,
    dataIndex: key,
    // wide enough for the heading beside its sort arrows (应出勤时段 was cut to 应出勤…)
    width: Math.max(90, title.length * 14 + 40),
    sorter: (a: CardReportRow, b: CardReportRow) => Number(a[key]) - Number(b[key]),
  });
  return (
    <div className="sp-page" data-testid="card-report">
      <ListCard<CardReportRow>
        title={
          <>
            {R.title}
            {report && <span className="sp-muted"> {R.span(report.startDate, report.endDate)}</span>}
          </>
        }
        filters={
          <>
            <Radio.Group
              optionType="button"
              value={query.kind}
              onChange={(e) => setQuery((q) => ({ ...q, kind: e.target.value }))}
              options={[
                { value: 'day', label: R.day },
                { value: 'week', label: R.week },
                { value: 'month', label: R.month },
              ]}
            />
            <DatePicker
              allowClear={false}
              value={dayjs(query.date)}
              onChange={(d) => d && setQuery((q) => ({ ...q, date: d.format('YYYY-MM-DD') }))}
            />
            <TreeSelect
              allowClear
              placeholder={C.common.allTeams}
              style={{ width: 150 }}
              treeData={teamTree(teams)}
              value={query.teamId}
              onChange={(teamId) => setQuery((q) => ({ ...q, teamId }))}
            />
          </>
        }
        actions={
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void call(cardEndpoints.exportReport, query, { fileName: `工牌统计报表_${query.date}.xlsx` }).catch(() => {})}
          >
            {C.common.exportExcel}
          </Button>
        }
        // the report comes whole; its people are paged here
        list={{ ...loaded, rows: report?.rows ?? [], pager: browserPager() }}
        rowKey="staffId"
        size="small"
        table={{ 'data-testid': 'card-report-table' }}
        columns={[
          { title: C.staff.no, dataIndex: 'staffNo', width: 90, fixed: 'left' },
          { title: C.staff.name, dataIndex: 'name', width: 90, fixed: 'left' },
          { title: C.staff.team, dataIndex: 'teamName', width: 120 },
          num(R.work, 'workPeriods'),
          num(R.arrived, 'arrived'),
          num(R.ongoing, 'ongoing'),
          num(R.normal, 'normal'),
          num(R.late, 'late'),
          num(R.early, 'early'),
          num(R.absent, 'absent'),
          num(R.offPostCount, 'offPostCount'),
          num(R.offPostMinutes, 'offPostMinutes'),
          num(R.patrolDone, 'patrolDone'),
          num(R.patrolLate, 'patrolLate'),
          num(R.patrolMissed, 'patrolMissed'),
          num(R.wear, 'wearMinutes'),
          num(R.alarms, 'alarms'),
        ]}
      />
    </div>
  );
}
