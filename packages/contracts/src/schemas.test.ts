import fs from 'node:fs';
import path from 'node:path';
import * as Type from 'typebox/type';
import { describe, expect, it } from 'vitest';
import { PartialOf, StringRecord } from './schemas.ts';

/** What a schema says on the wire: its JSON Schema (typebox keeps its own marks out of JSON). */
const json = (schema: unknown) => JSON.parse(JSON.stringify(schema)) as unknown;

describe("contracts' schemas without typebox's type engine (the login page's budget, docs/web.md)", () => {
  it("StringRecord and PartialOf say what typebox's Record and Partial say", () => {
    const item = Type.Object({ name: Type.String(), count: Type.Optional(Type.Integer()) });
    expect(json(StringRecord(Type.Boolean()))).toEqual(json(Type.Record(Type.String(), Type.Boolean())));
    expect(json(StringRecord(Type.Array(item)))).toEqual(json(Type.Record(Type.String(), Type.Array(item))));
    expect(json(PartialOf(item))).toEqual(json(Type.Partial(item)));
  });

  it('no contract calls a typebox builder that runs its type engine', () => {
    const dir = import.meta.dirname;
    const engineBuilders =
      /\bType\.(Record|Partial|Required|Omit|Pick|KeyOf|Index|Composite|Evaluate|Mapped|Exclude|Extract|TemplateLiteral)\(/;
    const offenders = fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => engineBuilders.test(fs.readFileSync(path.join(dir, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')));
    expect(offenders).toEqual([]);
  });
});
