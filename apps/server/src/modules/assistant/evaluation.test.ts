import { describe, expect, it } from 'vitest';
import { loadShippedKnowledge, menuPath } from './knowledge.ts';
import { MENU_RESOURCES, menuEntries } from './menuKnowledge.ts';
import { KnowledgeIndex } from './retrieval.ts';
import { detectIntent } from './intents.ts';
import { answerFromKnowledge } from './knowledgeAnswer.ts';
import { EVALUATION, type EvalCase } from './evaluation.ts';

/** The share of the evaluation set that must land right (docs/assistant.md). */
const THRESHOLD = 0.9;

const index = new KnowledgeIndex([...loadShippedKnowledge(), ...menuEntries()]);
const facts = { ports: { jt808: 5015, gt06: 5023, h02: 5013, watch: 5093 }, host: 'gps.example.cn', offlineAfterSeconds: 300 };
const everything = () => true;

/** Where a question lands for the administrator, as the service answers it: a fleet question first, else the knowledge base. */
function landing(q: string): { id: string | null; text: string } {
  const intent = detectIntent(q);
  if (intent) return { id: `intent:${intent.kind}`, text: '' };
  const answer = answerFromKnowledge(index, q, facts, everything);
  return { id: answer?.entry.id ?? null, text: answer?.text ?? '' };
}

/** What is wrong with one case's answer, or null. */
function problem(c: EvalCase): string | null {
  const { id, text } = landing(c.q);
  if (!id || !c.expect.includes(id)) return `${c.q} → ${id ?? '（无答案）'}，应为 ${c.expect.join(' / ')}`;
  const needed = [...(c.facts ?? []), ...(id.startsWith('menu:') ? [menuPath(id.slice(5))!] : [])];
  const missing = needed.filter((f) => !text.includes(f));
  return missing.length ? `${c.q} → ${id}，答案缺少 ${missing.join('、')}` : null;
}

describe('the evaluation set', () => {
  it('covers every menu the administrator has, landing pages included, at least twice', () => {
    const asked = new Map<string, number>();
    for (const c of EVALUATION) for (const id of new Set(c.expect)) asked.set(id, (asked.get(id) ?? 0) + 1);
    const thin = MENU_RESOURCES.filter((r) => (asked.get(`menu:${r.code}`) ?? 0) < 2).map((r) => r.code);
    expect(thin).toEqual([]);
    expect(EVALUATION.map((c) => c.q)).toEqual(
      expect.arrayContaining(['我新买了一台GPS定位器，怎么添加到平台上？', '怎么设置超速报警？限速想改成80公里']),
    );
  });

  it(`lands at least ${THRESHOLD * 100} % of its questions on a right answer holding the facts asked for`, () => {
    const problems = EVALUATION.map(problem).filter((p): p is string => p !== null);
    const score = (EVALUATION.length - problems.length) / EVALUATION.length;
    console.info(
      `assistant evaluation: ${EVALUATION.length - problems.length}/${EVALUATION.length} (${(score * 100).toFixed(1)} %)`,
      problems,
    );
    expect(score, problems.join('\n')).toBeGreaterThanOrEqual(THRESHOLD);
  });

  it('answers the two questions of issue 35 with the steps', () => {
    expect(problem(EVALUATION[0]!)).toBeNull();
    expect(problem(EVALUATION[1]!)).toBeNull();
    expect(landing('我新买了一台GPS定位器，怎么添加到平台上？').text).toMatch(/绑定设备号|IMEI/);
    expect(landing('怎么设置超速报警？限速想改成80公里').text).toContain('平台超速报警');
  });
});
