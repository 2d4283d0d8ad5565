import { readdirSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { APP_DEPTHS, WEB_APPS } from '../../../../../eslint.config.js';
import { folderOf } from '../../shared/systems/childSystemIds.js';
import { CHILD_SYSTEMS } from '../../shared/systems/childSystems.ts';
import { CHILD_SYSTEM_DEFINITIONS } from './registry.ts';

const src = fileURLToPath(new URL('../../', import.meta.url));
const repo = fileURLToPath(new URL('../../../../../', import.meta.url));

describe('the layering lint guards every web app', () => {
  it("lists exactly the registry's sub-products, the shell and the phone app", () => {
    expect(Object.keys(CHILD_SYSTEM_DEFINITIONS).sort()).toEqual([...CHILD_SYSTEMS].sort());
    expect([...(WEB_APPS as string[])].sort()).toEqual([...CHILD_SYSTEMS.map(folderOf), 'shell', 'mobile'].sort());
  });
  it('names folders that exist, each sub-product with its route table', () => {
    for (const id of CHILD_SYSTEMS) expect(existsSync(`${src}/${folderOf(id)}/routes.tsx`), folderOf(id)).toBe(true);
  });
  it('leaves out no folder of src/ but the shared runtime and the assistant widget', () => {
    const folders = readdirSync(src, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(folders.filter((f) => !(WEB_APPS as string[]).includes(f)).sort()).toEqual(['assistant-widget', 'child', 'shared']);
  });
  it("reaches every app's files: none sits deeper than the depths the rule is written for", () => {
    const deepest = Math.max(...(APP_DEPTHS as number[]));
    const files = (WEB_APPS as string[]).flatMap((app) =>
      readdirSync(`${src}/${app}`, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f)),
    );
    expect(files.length).toBeGreaterThan(100);
    for (const f of files) expect(f.split(/[\\/]/).length, f).toBeLessThanOrEqual(deepest);
  });
});

describe('the layering lint', () => {
  const eslint = new ESLint({ cwd: repo });
  /** The import-rule errors the lint reports for `code` written in `file` (under apps/web/src). */
  const importErrors = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: `${repo}/apps/web/src/${file}` });
    return result!.messages
      .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
      .map((m) => m.message);
  };

  it("refuses an app's lazy import() of another app, which no-restricted-imports does not see", async () => {
    const lazy = "export const load = () => import('../car/alarms/AlarmPage.tsx');\n";
    expect(await importErrors('shell/Probe.tsx', lazy)).toEqual([expect.stringContaining("never imports another app's internals")]);
    expect(await importErrors('pet/Probe.tsx', "export const load = () => import('../card/CardMap.tsx');\n")).toHaveLength(1);
    expect(await importErrors('shared/Probe.tsx', lazy)).toEqual([expect.stringContaining('shared web code never imports an app')]);
    expect(await importErrors('car/Probe.tsx', "export const load = () => import('./alarms/AlarmPage.tsx');\n")).toEqual([]);
  });

  it('refuses a lazy import() whose path is computed, which the rule above cannot read', async () => {
    const template = 'export const load = (x: string) => import(`../car/${x}`);\n';
    expect(await importErrors('shell/Probe.tsx', template)).toEqual([expect.stringContaining('plain string path')]);
    expect(await importErrors('car/map/Probe.tsx', 'export const load = (x: string) => import(`./layers/${x}.tsx`);\n')).toHaveLength(1);
    expect(await importErrors('shared/Probe.tsx', 'export const load = (path: string) => import(path);\n')).toHaveLength(1);
    expect(await importErrors('assistant-widget/Probe.ts', template)).toHaveLength(1);
    expect(await importErrors('shared/format/beijingTime.ts', template)).toHaveLength(1);
    expect(await importErrors('Probe.tsx', template)).toHaveLength(1);
  });

  it('refuses static imports between every pair of sub-products, and child/ reaching past a route table', async () => {
    expect(await importErrors('elec-lease/Probe.tsx', "import { x } from '../elec-car/x.ts';\nexport { x };\n")).toHaveLength(1);
    expect(await importErrors('data-center/Probe.tsx', "import { x } from '../pet/x.ts';\nexport { x };\n")).toHaveLength(1);
    expect(await importErrors('child/Probe.tsx', "import { petRoutes } from '../pet/routes.tsx';\nexport { petRoutes };\n")).toEqual([]);
    expect(await importErrors('child/Probe.tsx', "export const load = () => import('../pet/PetZoneMap.tsx');\n")).toHaveLength(1);
  });

  it("tells an app's own sub-folder from another app of the same name, at any depth", async () => {
    // the phone app has its own pet/ and ebike/ persona folders beside the pet sub-product
    expect(await importErrors('mobile/ebike/Probe.tsx', "import { x } from '../pet/x.ts';\nexport { x };\n")).toEqual([]);
    expect(await importErrors('mobile/app/Probe.tsx', "export const load = () => import('../pet/petRoutes.tsx');\n")).toEqual([]);
    expect(await importErrors('mobile/ebike/Probe.tsx', "import { x } from '../../pet/x.ts';\nexport { x };\n")).toHaveLength(1);
    expect(await importErrors('car/map/layers/Probe.tsx', "export const load = () => import('../../../pet/x.ts');\n")).toHaveLength(1);
    expect(await importErrors('mobile/Probe.tsx', "import { x } from '../car/x.ts';\nexport { x };\n")).toHaveLength(1);
  });

  it('refuses a path that hides where it goes, which the rules above read as written', async () => {
    expect(await importErrors('pet/Probe.tsx', "export const load = () => import('./../car/routes.tsx');\n")).toEqual([
      expect.stringContaining('says plainly where it goes'),
    ]);
    expect(await importErrors('pet/Probe.tsx', "import { x } from '../pet/../car/x.ts';\nexport { x };\n")).toHaveLength(1);
    expect(await importErrors('pet/Probe.tsx', "import { x } from '/src/car/x.ts';\nexport { x };\n")).toHaveLength(1);
    expect(await importErrors('pet/Probe.tsx', "import { x } from '../car';\nexport { x };\n")).toHaveLength(1);
    expect(await importErrors('child/Probe.tsx', "import { x } from '../pet';\nexport { x };\n")).toHaveLength(1);
    expect(await importErrors('pet/Probe.tsx', "export const pages = import.meta.glob('../car/*.tsx');\n")).toEqual([
      expect.stringContaining('import.meta.glob'),
    ]);
    expect(
      await importErrors(
        'pet/a/b/Probe.tsx',
        "import { x } from '../../../shared/x.ts';\nimport { y } from '../../home/y.ts';\nexport { x, y };\n",
      ),
    ).toEqual([]);
  });

  it('keeps the standalone assistant widget free of the web app, shared/ included', async () => {
    expect(await importErrors('assistant-widget/Probe.ts', "import { x } from '../shared/x.ts';\nexport { x };\n")).toEqual([
      expect.stringContaining('standalone script'),
    ]);
    expect(await importErrors('assistant-widget/Probe.ts', "export const load = () => import('../car/x.ts');\n")).toHaveLength(1);
    expect(await importErrors('assistant-widget/Probe.ts', "import { W } from './texts.ts';\nexport { W };\n")).toEqual([]);
  });

  it('keeps the Beijing-time rule beside the import rule in every app', async () => {
    expect(await importErrors('card/Probe.tsx', 'export const at = (d: Date) => d.toLocaleString();\n')).toEqual([
      expect.stringContaining("Beijing's"),
    ]);
  });
});
