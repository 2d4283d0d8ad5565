import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const repo = fileURLToPath(new URL('../../../', import.meta.url));

/** The layering lint's verdicts on `code` written in `file` (under apps/server/src): the import rules' messages. */
async function importErrors(file: string, code: string) {
  const [result] = await new ESLint({ cwd: repo }).lintText(code, { filePath: `${repo}/apps/server/src/${file}` });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe("the server's layering lint (STYLE.md rule 11)", () => {
  it('keeps core off http, static and lazy', async () => {
    expect(await importErrors('core/Probe.ts', "import { x } from '../http/timeInput.ts';\nexport { x };\n")).toEqual([
      expect.stringContaining('core never imports http'),
    ]);
    expect(await importErrors('core/Probe.ts', "export const load = () => import('../http/timeInput.ts');\n")).toHaveLength(1);
  });

  it('keeps every feature off the gateway: modules/, the live feed and the demo; their tests may start one', async () => {
    const statik = "import { x } from '../../gateway/codecs.ts';\nexport { x };\n";
    expect(await importErrors('modules/pet/Probe.ts', statik)).toEqual([expect.stringContaining('never imports the gateway')]);
    expect(await importErrors('modules/pet/Probe.ts', "export const load = () => import('../../gateway/codecs.ts');\n")).toHaveLength(1);
    expect(await importErrors('live/Probe.ts', "import { x } from '../gateway/liveEvents.ts';\nexport { x };\n")).toHaveLength(1);
    expect(await importErrors('demo/Probe.ts', "export const load = () => import('../gateway/gateway.ts');\n")).toHaveLength(1);
    expect(await importErrors('modules/pet/Probe.test.ts', statik)).toEqual([]);
  });

  it('keeps the layers below the features off every feature', async () => {
    expect(await importErrors('gateway/Probe.ts', "import { x } from '../modules/pet/pets.queries.ts';\nexport { x };\n")).toEqual([
      expect.stringContaining('never import a feature'),
    ]);
    expect(await importErrors('core/Probe.ts', "export const load = () => import('../live/live.feature.ts');\n")).toHaveLength(1);
  });
});
