import { beijingDayStart } from '@chelian/contracts/beijingTime.ts';

// Beijing days live in packages/contracts/src/beijingTime.ts; this re-export is left only for the
// 电单车租赁 files still naming it, until they import the contracts themselves.
export { addDays, beijingDayOf, isDay } from '@chelian/contracts/beijingTime.ts';
export const dayStart = (day: string) => new Date(beijingDayStart(day));
