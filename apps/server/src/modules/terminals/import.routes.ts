import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TERMINAL_ERRORS, terminalEndpoints, vehicleEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { importRecords, importTemplate, summary, verifyRecords, type ImportOptions } from './import.service.ts';
import { recordsOf, type SheetRecord } from './sheetRows.ts';
import { oneImportAtATime, receiveSheet } from './sheetUpload.ts';

/**
 * The uploaded sheet's records and its options: form fields beside the file (they may precede it)
 * win over the query string's.
 */
async function upload(request: FastifyRequest, query: ImportOptions): Promise<{ records: SheetRecord[]; opts: ImportOptions }> {
  const { rows, fields } = await receiveSheet(request);
  const field = (name: string) => {
    const f = fields[name] as { value?: unknown } | undefined;
    return typeof f?.value === 'string' && f.value !== '' ? f.value : undefined;
  };
  const accountText = field('accountId');
  const accountId = accountText === undefined ? query.accountId : Number(accountText);
  if (accountId !== undefined && (!Number.isSafeInteger(accountId) || accountId < 1))
    throw new AppError(TERMINAL_ERRORS.uploadFieldInvalid, { params: { field: 'accountId' } });
  const protocol = field('protocol') ?? query.protocol;
  if (protocol !== undefined && protocol.length > 16)
    throw new AppError(TERMINAL_ERRORS.uploadFieldInvalid, { params: { field: 'protocol' } });
  return { records: recordsOf(rows), opts: { accountId, protocol } };
}

/** Batch import (Excel or CSV), the row-by-row check that runs before it, and the template. */
export function importRoutes(ctx: AppContext, app: FastifyInstance) {
  const verify = (query: ImportOptions, request: FastifyRequest) =>
    oneImportAtATime(caller(request), async () => {
      const { records, opts } = await upload(request, query);
      return summary(await verifyRecords(ctx.db, caller(request), records, opts));
    });
  const importSheet = (query: ImportOptions, request: FastifyRequest) =>
    oneImportAtATime(caller(request), async () => {
      const { records, opts } = await upload(request, query);
      return importRecords(ctx.db, ctx.bus, caller(request), records, opts);
    });

  route(app, vehicleEndpoints.verify, verify);
  route(app, terminalEndpoints.importVerify, verify);
  route(app, vehicleEndpoints.import, importSheet);
  route(app, terminalEndpoints.import, importSheet);

  route(app, vehicleEndpoints.importTemplate, async (query, _request, reply) => {
    const file = await importTemplate(query.format ?? 'xlsx');
    const name = encodeURIComponent('车辆导入模板');
    return reply
      .type(file.type)
      .header('content-disposition', `attachment; filename*=UTF-8''${name}.${query.format ?? 'xlsx'}`)
      .send(file.content);
  });
}
