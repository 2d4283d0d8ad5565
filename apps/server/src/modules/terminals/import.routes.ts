import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { TERMINAL_ERRORS, terminalEndpoints, vehicleEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { importRecords, importTemplate, summary, verifyRecords, type ImportOptions } from './import.service.ts';
import { readSheet, recordsOf, type SheetRecord } from './sheetRows.ts';

/**
 * The uploaded sheet and its options: form fields beside the file (they may precede it) win over
 * the query string's.
 */
async function upload(request: FastifyRequest, query: ImportOptions): Promise<{ records: SheetRecord[]; opts: ImportOptions }> {
  if (!request.isMultipart()) throw new AppError(TERMINAL_ERRORS.fileMissing);
  const file: MultipartFile | undefined = await request.file();
  if (!file) throw new AppError(TERMINAL_ERRORS.fileMissing);
  const content = await file.toBuffer();
  const field = (name: string) => {
    const f = file.fields[name] as { value?: unknown } | undefined;
    return typeof f?.value === 'string' && f.value !== '' ? f.value : undefined;
  };
  const accountText = field('accountId');
  const accountId = accountText === undefined ? query.accountId : Number(accountText);
  if (accountId !== undefined && (!Number.isSafeInteger(accountId) || accountId < 1)) throw new AppError(TERMINAL_ERRORS.uploadFieldInvalid, { params: { field: 'accountId' } });
  const protocol = field('protocol') ?? query.protocol;
  if (protocol !== undefined && protocol.length > 16) throw new AppError(TERMINAL_ERRORS.uploadFieldInvalid, { params: { field: 'protocol' } });
  return { records: recordsOf(await readSheet(content, file.filename)), opts: { accountId, protocol } };
}

/** Batch import (Excel or CSV), the row-by-row check that runs before it, and the template. */
export function importRoutes(ctx: AppContext, app: FastifyInstance) {
  route(app, vehicleEndpoints.verify, async (query, request) => {
    const { records, opts } = await upload(request, query);
    return summary(await verifyRecords(ctx.db, caller(request), records, opts));
  });

  route(app, vehicleEndpoints.import, async (query, request) => {
    const { records, opts } = await upload(request, query);
    return importRecords(ctx.db, ctx.bus, caller(request), records, opts);
  });

  route(app, terminalEndpoints.import, async (query, request) => {
    const { records, opts } = await upload(request, query);
    return importRecords(ctx.db, ctx.bus, caller(request), records, opts);
  });

  route(app, vehicleEndpoints.importTemplate, async (query, _request, reply) => {
    const file = await importTemplate(query.format ?? 'xlsx');
    const name = encodeURIComponent('车辆导入模板');
    return reply.type(file.type).header('content-disposition', `attachment; filename*=UTF-8''${name}.${query.format ?? 'xlsx'}`).send(file.content);
  });
}
