import type { ExportKind } from './excelWorkbook.ts';
import { features } from '../features.ts';

/**
 * Every kind of export the download centre makes, given to the exports service and the dictionary:
 * each feature's `exports` (its manifest), in the features list's order. Loaded only where exports
 * are made or named (the exports routes and worker, the dictionary seed).
 */
export const EXPORT_KINDS: readonly ExportKind[] = (await Promise.all(features.map(async (f) => (await f.exports?.()) ?? []))).flat();
