import type { FastifyInstance } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import {
  ELEC_LEASE_ERRORS,
  LEASE_CONTRACT_STATES,
  LEASE_PHOTO_MAX_BYTES,
  LEASE_PHOTOS_PER_INSPECTION,
  elecLeaseEndpoints,
} from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { auditChange } from '../../http/auditHook.ts';
import { AppError, oneOfOrRefuse } from '../../http/errors.ts';
import { pageAnswer, pageWindow } from '../../http/paging.ts';
import { route } from '../../http/route.ts';
import { containsPattern } from '../../db/likeText.ts';
import { contractsQueries } from './contracts.queries.ts';
import { presentContract } from './contracts.presenter.ts';
import {
  LEASE_CHANGED,
  contractDetail,
  createContract,
  extend,
  giveBack,
  handover,
  renew,
  swap,
  terminate,
  visibleContract,
} from './contracts.service.ts';
import { checkedPhoto } from './photos.ts';
import { clean, found } from './rowHelpers.ts';

/** 租赁订单: contracts and their life — create, hand over (inspection photos), renew, extend, swap, return, terminate. */
export function contractRoutes(ctx: AppContext, app: FastifyInstance) {
  const { db, bus } = ctx;
  const changed = () => bus.publish(LEASE_CHANGED, {});

  route(app, elecLeaseEndpoints.contracts, async (query, request) => {
    const win = pageWindow(query);
    const sent = clean(query.status);
    const { total, rows } = await contractsQueries.page(
      db,
      caller(request).accountPath,
      containsPattern(query.keyword),
      sent ? oneOfOrRefuse(LEASE_CONTRACT_STATES, sent, ELEC_LEASE_ERRORS.contractStatusUnknown, 'status') : null,
      win.sql.limit,
      win.sql.offset,
    );
    return pageAnswer(win, total, rows.map(presentContract));
  });

  route(app, elecLeaseEndpoints.contract, async (query, request) =>
    contractDetail(db, (await visibleContract(db, caller(request), query.contractId)).id),
  );

  route(app, elecLeaseEndpoints.createContract, async (body, request) => {
    const id = await createContract(db, caller(request), body);
    const detail = await contractDetail(db, id);
    auditChange(request, {
      objectType: '租赁订单',
      objectId: id,
      after: { contractNo: detail.contract.contractNo, riderId: body.riderId, vehicleId: body.vehicleId, planId: body.planId },
    });
    return detail;
  });

  route(app, elecLeaseEndpoints.handover, async (body, request) => {
    const inspectionId = await handover(db, caller(request), body);
    changed();
    auditChange(request, { objectType: '租赁订单', objectId: body.contractId, after: { action: '交车', inspectionId } });
    return { inspectionId, detail: await contractDetail(db, body.contractId) };
  });

  route(app, elecLeaseEndpoints.uploadPhoto, async (query, request) => {
    const user = caller(request);
    const inspection = await contractsQueries.visibleInspection(db, user.accountPath, query.inspectionId);
    found(inspection);
    if (inspection!.photos >= LEASE_PHOTOS_PER_INSPECTION)
      throw new AppError(ELEC_LEASE_ERRORS.photoTooMany, { params: { count: LEASE_PHOTOS_PER_INSPECTION } });
    if (!request.isMultipart()) throw new AppError(ELEC_LEASE_ERRORS.photoMissing);
    const file: MultipartFile | undefined = await request.file({ limits: { fileSize: LEASE_PHOTO_MAX_BYTES + 1 } });
    if (!file) throw new AppError(ELEC_LEASE_ERRORS.photoMissing);
    const bytes = await file.toBuffer().catch(() => {
      throw new AppError(ELEC_LEASE_ERRORS.photoTooLarge, { params: { mb: LEASE_PHOTO_MAX_BYTES / 1024 / 1024 } });
    });
    const photo = checkedPhoto(bytes);
    const photoId = await contractsQueries.insertPhoto(db, Number(inspection!.id), photo.contentType, photo.bytes);
    auditChange(request, { objectType: '验车照片', objectId: photoId, after: { inspectionId: inspection!.id, bytes: bytes.length } });
    return { photoId };
  });

  route(app, elecLeaseEndpoints.photo, async (query, request, reply) => {
    const photo = await contractsQueries.visiblePhoto(db, caller(request).accountPath, query.photoId);
    found(photo);
    return reply.type(photo!.content_type).header('cache-control', 'private, max-age=86400').send(Buffer.from(photo!.bytes));
  });

  route(app, elecLeaseEndpoints.renew, async (body, request) => {
    await renew(db, caller(request), body.contractId);
    auditChange(request, { objectType: '租赁订单', objectId: body.contractId, after: { action: '续租' } });
    return contractDetail(db, body.contractId);
  });

  route(app, elecLeaseEndpoints.extend, async (body, request) => {
    await extend(db, caller(request), body.contractId, body.days);
    auditChange(request, { objectType: '租赁订单', objectId: body.contractId, after: { action: '延期', days: body.days } });
    return contractDetail(db, body.contractId);
  });

  route(app, elecLeaseEndpoints.swap, async (body, request) => {
    await swap(db, bus, caller(request), body);
    changed();
    auditChange(request, { objectType: '租赁订单', objectId: body.contractId, after: { action: '换车', vehicleId: body.vehicleId } });
    return contractDetail(db, body.contractId);
  });

  route(app, elecLeaseEndpoints.giveBack, async (body, request) => {
    await giveBack(db, bus, caller(request), body);
    changed();
    auditChange(request, { objectType: '租赁订单', objectId: body.contractId, after: { action: '还车', refundMethod: body.refundMethod } });
    return contractDetail(db, body.contractId);
  });

  route(app, elecLeaseEndpoints.terminate, async (body, request) => {
    await terminate(db, bus, caller(request), body);
    changed();
    auditChange(request, { objectType: '租赁订单', objectId: body.contractId, after: { action: '终止', note: body.note } });
    return contractDetail(db, body.contractId);
  });
}
