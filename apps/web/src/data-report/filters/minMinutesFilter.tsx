import { Select } from 'antd';
import { STAY_MIN_MINUTES } from '@chelian/contracts';
import { R } from '../messages.ts';
import type { ExtraFilters } from '../pages/RowReportPage.tsx';
import { minMinutesFromParams } from '../pages/stayRows.ts';

const MINUTE_OPTIONS = STAY_MIN_MINUTES.map((m) => ({ value: m, label: R.stay.atLeast(m) }));

/** The shortest stop a report counts (停留, and the stops between 行程), from `?minMinutes=` or the default. */
export function minMinutesFilter(prefix: string, testId: string): ExtraFilters<{ minMinutes: number }> {
  return {
    fromParams: (params) => ({ minMinutes: minMinutesFromParams(params) }),
    render: (draft, setDraft) => (
      <Select
        style={{ width: 175 }}
        value={draft.minMinutes}
        options={MINUTE_OPTIONS}
        onChange={(minMinutes) => setDraft({ minMinutes })}
        prefix={prefix}
        data-testid={testId}
      />
    ),
  };
}
