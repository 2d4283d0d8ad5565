import type { ReactNode } from 'react';
import { Button, DatePicker, Space, TreeSelect } from 'antd';
import { DownloadOutlined, HistoryOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Permission, PermissionMenu } from '../../shared/permission/Permission.tsx';
import { groupEndpoints, type GroupNode } from '@chelian/contracts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { R } from '../messages.ts';
import { beijingToday } from '../../shared/format/beijingTime.ts';
import { quickRanges } from './reportRange.ts';
import type { ReportFilterValues } from './useReportFilters.ts';
import { VehicleSearch } from './VehicleSearch.tsx';
import { ExportRecordsDrawer } from '../exports/ExportRecordsDrawer.tsx';
import { useExportRecords } from '../exports/exportRecordsStore.ts';

const toTree = (nodes: GroupNode[]): object[] => nodes.map((g) => ({ value: g.id, title: g.name, children: toTree(g.children) }));

interface Props {
  value: ReportFilterValues;
  accountId?: number;
  onChange: (next: ReportFilterValues) => void;
  onSearch: () => void;
  onReset: () => void;
  /** Filters of one report, placed before the buttons. */
  children?: ReactNode;
  /** A report over other periods than days (月度汇总's months) puts its own range here. */
  range?: ReactNode;
}

/** Vehicle, group and days (with 今天/昨天/近7天/近30天), then search and reset. */
export function ReportFilterBar({ value, accountId, onChange, onSearch, onReset, children, range }: Props) {
  const { rows: groups } = useWholeList(groupEndpoints.tree, { accountId }, { keepOnFailure: false });

  return (
    <div className="report-filters" data-testid="report-filters">
      <VehicleSearch value={value.vehicleId} accountId={accountId} onChange={(vehicleId) => onChange({ ...value, vehicleId })} />
      <TreeSelect
        allowClear
        showSearch
        treeNodeFilterProp="title"
        treeDefaultExpandAll
        style={{ width: 150 }}
        placeholder={R.filters.groupPlaceholder}
        value={value.groupId}
        treeData={toTree(groups)}
        onChange={(groupId?: number) => onChange({ ...value, groupId: groupId ?? undefined })}
        data-testid="report-group"
      />
      {range ?? (
        <DatePicker.RangePicker
          allowClear={false}
          value={value.range}
          presets={quickRanges()}
          disabledDate={(d) => d.isAfter(beijingToday(), 'day')}
          onChange={(days) => days?.[0] && days[1] && onChange({ ...value, range: [days[0], days[1]] })}
          data-testid="report-range"
        />
      )}
      {children}
      <Button type="primary" icon={<SearchOutlined />} onClick={onSearch} data-testid="report-search">
        {R.filters.search}
      </Button>
      <Button icon={<ReloadOutlined />} onClick={onReset}>
        {R.filters.reset}
      </Button>
    </div>
  );
}

/**
 * 导出 (permission report:export): the file at once when small, else a task in the download
 * centre; 导出记录 (center:download) lists the tasks and downloads their files.
 */
export function ExportButton({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  const showRecords = useExportRecords((s) => s.show);
  return (
    <Space>
      <Permission code="report:export">
        <Button icon={<DownloadOutlined />} loading={loading} onClick={onClick} data-testid="report-export">
          {R.filters.export}
        </Button>
      </Permission>
      <PermissionMenu code="center:download">
        <Button icon={<HistoryOutlined />} onClick={showRecords} data-testid="report-export-records">
          {R.exports.records}
        </Button>
        <ExportRecordsDrawer />
      </PermissionMenu>
    </Space>
  );
}
