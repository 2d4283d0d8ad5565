import type { Feature } from '../feature.ts';

/** 平台超速报警: 超速报表's episodes raised as alarms while the fixes come (docs/car.md, "终端超速报警 and 平台超速报警"). */
export const overspeedAlarmsFeature: Feature = {
  name: 'overspeedAlarms',
  engine: async () => (await import('./overspeedAlarmEngine.ts')).startOverspeedAlarmEngine,
};
