import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountInScope, pathInScope, pathWithin, pathWithinSql } from './accountScope.ts';

const SERVER_SRC = path.join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the tenant rule', () => {
  it('sees the own account and those below it, not a sibling whose id starts the same', () => {
    expect(pathWithin('/1/5/', '/1/5/')).toBe(true);
    expect(pathWithin('/1/5/9/', '/1/5/')).toBe(true);
    expect(pathWithin('/1/', '/1/5/')).toBe(false);
    expect(pathWithin('/1/55/', '/1/5/')).toBe(false);
    expect(pathInScope({ accountPath: '/1/' }, '/1/5/')).toBe(true);
  });

  it('writes the same rule in SQL', () => {
    expect(accountInScope('a.path', 2)).toBe("a.path LIKE $2 || '%'");
    expect(pathWithinSql('$1', 'a.path')).toBe("$1 LIKE a.path || '%'");
  });

  it('is spelled nowhere else on the server: no literal account-path pattern in SQL, no prefix test on a path', () => {
    const offenders = sourceFiles(SERVER_SRC)
      .filter((f) => !f.endsWith(path.join('core', 'accountScope.ts')))
      .filter((f) => /path\s+(NOT\s+)?LIKE|LIKE\s+\S*path\s*\|\|\s*'%'|[pP]ath\.startsWith\(/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(SERVER_SRC, f));
    expect(offenders).toEqual([]);
  });
});
