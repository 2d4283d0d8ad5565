import type { Static, TSchema } from 'typebox';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * Ties a response schema to its type in @chelian/contracts: the schema is returned unchanged, and
 * it is a compile error when what the schema validates and serializes differs from the contract.
 */
export const responseOf = <T>() => <S extends TSchema>(schema: S & (Same<Static<S>, T> extends true ? unknown : never)): S => schema;

/**
 * Ties a request schema to its contract by field names (the wire has only strings; the schema
 * coerces them): a field the web may send that the schema does not know, or the other way round,
 * is a compile error.
 */
export const requestOf = <T>() => <S extends TSchema>(schema: S & (Same<keyof Static<S>, keyof T> extends true ? unknown : never)): S => schema;
