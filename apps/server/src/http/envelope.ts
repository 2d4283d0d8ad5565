import { Type, type TSchema } from 'typebox';
import { FLAG_SUCCESS, MSG, type Envelope } from '@chelian/contracts';

/** The one place a success envelope is made (failures: errorHandler.ts). */
export function success<T>(obj: T): Envelope<T> {
  return { flag: FLAG_SUCCESS, msg: MSG.success, obj };
}

/** Wraps a route's declared output schema in the envelope, so serialization drops undeclared fields. */
export function envelopeSchema(obj: TSchema) {
  return Type.Object({
    code: Type.Optional(Type.Integer()),
    flag: Type.Integer(),
    msg: Type.String(),
    obj,
  });
}
