// Builders from 'typebox/type' (not the `Type` namespace of 'typebox'): the web bundles only the
// builders it uses.
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './envelope.ts';

/** Primitive schemas every domain's endpoints share. */

/** A database id: positive and within what both JSON numbers and bigint hold exactly. */
export const Id = (options: { description?: string } = {}) => Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...options });

/** current/pageSize with the spec's defaults (1 and 10). */
export const PageQuery = Type.Object({
  current: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: DEFAULT_PAGE })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
});

/** { total, current, pageSize, list } plus any extra summary fields. */
export function pageOf<Item extends Type.TSchema, Extra extends Type.TProperties = Record<never, never>>(
  item: Item,
  extra: Extra = {} as Extra,
) {
  return Type.Object({ total: Type.Integer(), current: Type.Integer(), pageSize: Type.Integer(), list: Type.Array(item), ...extra });
}

/**
 * A time parameter: epoch milliseconds, or 'YYYY-MM-DD[ HH:mm[:ss]]' read as Beijing time (UTC+8).
 * On the wire a string (the server coerces a JSON number); callers may pass either.
 */
export const TimeParam = Type.Unsafe<number | string>(Type.String({ maxLength: 30 }));

/**
 * An object keyed by any string, each value of one schema: the JSON Schema of typebox's
 * `Type.Record(Type.String(), value)`, written out. typebox's Record (like its Partial) runs its
 * type engine, ~12 KB gzip that every page, the login page first, would load for nothing.
 */
export const StringRecord = <V extends Type.TSchema>(value: V) =>
  Type.Unsafe<Record<string, Static<V>>>({ type: 'object', patternProperties: { '^.*$': value } });

/** An object's fields all optional: the JSON Schema of typebox's `Type.Partial(schema)`, without its type engine. */
export const PartialOf = <S extends Type.TObject>(schema: S) =>
  Type.Unsafe<Partial<Static<S>>>(
    Type.Object(Object.fromEntries(Object.entries(schema.properties).map(([key, field]) => [key, Type.Optional(field)]))),
  );

/** The highest speed limit a vehicle or a fence takes, km/h (0 or none: no limit of its own). */
export const SPEED_LIMIT_MAX_KMH = 300;
/** A speed limit field, km/h: a vehicle's and a fence's take the same range and are refused in the same words. */
export const SpeedLimitKmh = () => Type.Number({ minimum: 0, maximum: SPEED_LIMIT_MAX_KMH });

/** A nullable field of the answer. */
export const Nullable = <S extends Type.TSchema>(schema: S) => Type.Union([schema, Type.Null()]);

/**
 * A field that is one of a const list (a status, a kind): its schema accepts those values alone and
 * its type is their union, so a server that answers another value does not compile.
 */
export const OneOf = <const T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>(Type.Union(values.map((v) => Type.Literal(v))));

/** Whether a value (a database text, a query parameter) is one of the list: narrows it to the list's union. */
export const isOneOf = <const T extends readonly string[]>(values: T, value: unknown): value is T[number] =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

/**
 * An input field that is one of a const list but which the service refuses in its own Chinese words
 * (its catalogue's error, naming the word sent) rather than the schema's generic 请求参数错误: the
 * caller's type is the union, so a page cannot send another word, while the wire takes any text
 * within `options` and the service checks it against the same list (isOneOf, isKeyOf)
 * before it trusts it. The list is in the OpenAPI description.
 */
export const OneOfChecked = <const T extends readonly string[]>(values: T, options: Type.TStringOptions = {}) =>
  Type.Unsafe<T[number]>(Type.String({ description: `取值：${values.join('、')}`, ...options }));

/** A field that is one of a names record's keys (`{ active: '已加入', … }`): OneOf over the keys. */
export const OneOfKeys = <const R extends Readonly<Record<string, string>>>(names: R) =>
  OneOf(Object.keys(names) as readonly (keyof R & string)[]);

/** OneOfChecked over a names record's keys. */
export const OneOfCheckedKeys = <const R extends Readonly<Record<string, string>>>(names: R, options: Type.TStringOptions = {}) =>
  OneOfChecked(Object.keys(names) as readonly (keyof R & string)[], options);

/** Whether a value is one of a names record's own keys (not one it inherits, like toString): narrows it to them. */
export const isKeyOf = <const R extends Readonly<Record<string, string>>>(names: R, value: unknown): value is keyof R & string =>
  typeof value === 'string' && Object.hasOwn(names, value);
