import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { beijingToday } from '../format/beijingTime.ts';

export interface Days {
  startDate: string;
  endDate: string;
}

const text = (d: Dayjs) => d.format('YYYY-MM-DD');

/** The last n Beijing days, today included (the server counts days in Beijing time). */
export const lastDays = (n: number): Days => ({ startDate: text(beijingToday().subtract(n - 1, 'day')), endDate: text(beijingToday()) });

/** Days from–to (Beijing days, as the reports count them), never past today. */
export function DayRange({ value, onChange }: { value: Days; onChange: (next: Days) => void }) {
  const today = beijingToday();
  return (
    <DatePicker.RangePicker
      allowClear={false}
      value={[dayjs(value.startDate), dayjs(value.endDate)]}
      disabledDate={(d: Dayjs) => d.isAfter(today, 'day')}
      presets={[
        { label: '今天', value: [today, today] },
        { label: '近7天', value: [today.subtract(6, 'day'), today] },
        { label: '近30天', value: [today.subtract(29, 'day'), today] },
      ]}
      onChange={(r) => r?.[0] && r[1] && onChange({ startDate: text(r[0]), endDate: text(r[1]) })}
    />
  );
}
