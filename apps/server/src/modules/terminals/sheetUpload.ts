import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { TERMINAL_ERRORS, type ErrorEntry } from '@chelian/contracts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { AppError } from '../../http/errors.ts';
import { SHEET_LIMITS } from './sheetLimits.ts';
import { readSheet } from './sheetRows.ts';

/** Users with an import under way in this process (upload, parse, checks and writes). */
const importing = new Set<number>();

/**
 * One import at a time per user: a second one while the first runs is refused at once, so one
 * user cannot fill the sheet worker's queue or hold several files' rows at a time.
 */
export async function oneImportAtATime<T>(user: SessionUser, work: () => Promise<T>): Promise<T> {
  if (importing.has(user.userId)) throw new AppError(TERMINAL_ERRORS.importRunning);
  importing.add(user.userId);
  try {
    return await work();
  } finally {
    importing.delete(user.userId);
  }
}

/**
 * The uploaded import sheet (multipart, one file): its rows, parsed in the sheet worker within
 * SHEET_LIMITS, and the form fields sent with it. The upload stops at SHEET_LIMITS.fileBytes.
 */
export async function receiveSheet(
  request: FastifyRequest,
  fileMissing: ErrorEntry = TERMINAL_ERRORS.fileMissing,
): Promise<{ rows: string[][]; fields: MultipartFile['fields'] }> {
  if (!request.isMultipart()) throw new AppError(fileMissing);
  const file: MultipartFile | undefined = await request.file({ limits: { fileSize: SHEET_LIMITS.fileBytes } });
  if (!file) throw new AppError(fileMissing);
  const content = await file.toBuffer().catch((err: { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(TERMINAL_ERRORS.fileTooLarge, { params: { max: SHEET_LIMITS.fileBytes / 1024 / 1024 } });
    throw err;
  });
  return { rows: await readSheet(content, file.filename), fields: file.fields };
}
