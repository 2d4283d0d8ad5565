import { fillPlaceholders, menuPath, type KnowledgeEntry, type MayUse, type PlatformFacts } from './knowledge.ts';
import { ASKS_FOR_LANDING, isLandingCode, mayOpen, menuAnswer } from './menuKnowledge.ts';
import { isConfident, type KnowledgeIndex } from './retrieval.ts';

/** How many of the best entries are looked at for one the asker may use. */
const CANDIDATES = 5;

export type KnowledgeAnswer =
  /** an entry answers, its text filled for this asker */
  | { kind: 'answer'; entry: KnowledgeEntry; text: string }
  /** the question is about a menu the asker's role lacks */
  | { kind: 'lacking'; entry: KnowledgeEntry; text: string };

/** An entry's text for this asker: an article as written, a menu's how-to, a shipped answer filled. */
export function entryText(entry: KnowledgeEntry, facts: PlatformFacts, mayUse: MayUse): string {
  if (entry.id.startsWith('article:')) return entry.body;
  if (entry.menu) return menuAnswer(entry, facts, mayUse);
  return fillPlaceholders(entry.body, facts, mayUse);
}

/**
 * The knowledge base's answer: the best confident entry the asker may use. A menu the role
 * lacks is never given as the way to do something; when the best answers are only such menus,
 * the answer says the role lacks it (the resource tree is the same for every tenant).
 */
export function answerFromKnowledge(index: KnowledgeIndex, question: string, facts: PlatformFacts, mayUse: MayUse): KnowledgeAnswer | null {
  const landing = ASKS_FOR_LANDING.test(question);
  const confident = index
    .rank(question, CANDIDATES)
    .filter((h) => isConfident(h) && (landing || !h.entry.menu || !isLandingCode(h.entry.menu)));
  const usable = confident.find((h) => !h.entry.menu || mayOpen(h.entry.menu, mayUse));
  if (usable) return { kind: 'answer', entry: usable.entry, text: entryText(usable.entry, facts, mayUse) };
  const [best] = confident;
  if (!best) return null;
  return {
    kind: 'lacking',
    entry: best.entry,
    text: `这项功能在「${menuPath(best.entry.menu!)}」，您当前的角色没有这个菜单。如需使用，请联系您的管理员开通。`,
  };
}
