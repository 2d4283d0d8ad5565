import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, testEngine, type TestDb } from '../testing/testDb.ts';
import { binaryArray, ELEMENT } from './binaryArrays.ts';

// PGlite gets the latest rows as array literals; binary parameters are node-postgres's.
describe.skipIf(testEngine() !== 'postgres')('binary array parameters (PostgreSQL)', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db?.close());

  it('reads back every element type as sent, NULLs included', async () => {
    const ints = [1, 2 ** 40 + 7, 2 ** 53 - 1, 0];
    const floats = [31.123456789012, -121.5, 0, 1e-300];
    const reals = [40.1, -3.3, 0.5, 1e6];
    const shorts = [359, -2, 32767, 65535];
    const bools = [true, false, null, true];
    const texts = ['{overspeed,"a\\"b"}', '中文 \\ "q"', '', null];
    const [row] = await db.query<Record<string, unknown[]>>(
      'SELECT $1::bigint[] AS i, $2::float8[] AS f, $3::real[] AS r, $4::smallint[] AS s, $5::boolean[] AS b, $6::text[] AS t, $7::float8[] AS n',
      [
        binaryArray(ints, ELEMENT.int8, (v) => v),
        binaryArray(floats, ELEMENT.float8, (v) => v),
        binaryArray(reals, ELEMENT.float4, (v) => v),
        binaryArray(shorts, ELEMENT.int2, (v) => v),
        binaryArray(bools, ELEMENT.bool, (v) => v),
        binaryArray(texts, ELEMENT.text, (v) => v),
        binaryArray([null, 2.5], ELEMENT.float8, (v) => v),
      ],
    );
    expect(row.i.map(Number)).toEqual(ints);
    expect(row.f).toEqual(floats);
    expect(row.r).toEqual(reals.map(Math.fround).map((x) => Number(x.toPrecision(6))));
    expect(row.s).toEqual([359, -2, 32767, -1]);
    expect(row.b).toEqual(bools);
    expect(row.t).toEqual(texts);
    expect(row.n).toEqual([null, 2.5]);
  });

  it('names a wrong element type instead of storing it', async () => {
    await expect(db.query('SELECT $1::float8[] AS f', [binaryArray([1], ELEMENT.int8, (v) => v)])).rejects.toThrow(/element type/);
  });
});
