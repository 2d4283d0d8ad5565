/**
 * A speed as every table, list and report shows it: km/h to one decimal (terminals report tenths),
 * so one speed reads the same on every page — 14.0, 20.7, never 14 beside 20.7 or 28.7 here and 29 there.
 */
export const speedText = (kmh: number) => kmh.toFixed(1);
