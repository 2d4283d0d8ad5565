import { Type } from 'typebox';

/** A database id: positive and within what both JSON numbers and bigint hold exactly. */
export const Id = (options: { description?: string } = {}) => Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...options });
