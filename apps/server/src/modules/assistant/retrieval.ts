import MiniSearch from 'minisearch';
import type { KnowledgeEntry } from './knowledge.ts';
import { withPlatformWords } from './synonyms.ts';

/*
 * Chinese-aware retrieval: MiniSearch (BM25) over tokens that are ICU's dictionary words
 * (Intl.Segmenter, which Node ships with full ICU) plus the character bigrams of every run of
 * Chinese characters, so a paraphrase that shares no whole word ("终端掉线" vs "资产显示离线")
 * still meets the entry through its keywords' bigrams. Latin words and numbers ("4G", "808")
 * are tokens of their own.
 */
const WORDS = new Intl.Segmenter('zh', { granularity: 'word' });
const HAN = /\p{Script=Han}/u;
const HAN_RUN = /\p{Script=Han}+/gu;

/** Question words that say nothing about the topic. */
const STOP = new Set([
  '如何',
  '怎么',
  '怎样',
  '怎么办',
  '什么',
  '是什么',
  '为什么',
  '哪些',
  '哪里',
  '哪个',
  '请问',
  '一下',
  '可以',
  '能否',
  '需要',
  '我们',
  '你们',
  '我想',
  '想要',
  '的话',
  '时候',
  '这个',
  '那个',
  '一个',
  '还是',
  '是否',
  '么办',
  '么原',
  '什么',
  '为什',
  '是什',
  '么意',
  '怎么样',
  '我的',
  '能不能',
  '在哪',
  '哪看',
  '去哪',
  '看看',
]);

/** Particles and pronouns: a bigram across them ("车的", "了在") says nothing about the topic. */
const FILLER = /[的了吗呢吧啊么我你]/;

export function tokenize(text: string): string[] {
  const norm = text.normalize('NFKC').toLowerCase();
  const out: string[] = [];
  for (const seg of WORDS.segment(norm)) {
    if (!seg.isWordLike) continue;
    const word = seg.segment;
    if (!HAN.test(word)) out.push(word);
    else if (word.length >= 2 && !STOP.has(word)) out.push(word);
  }
  for (const run of norm.match(HAN_RUN) ?? []) {
    if (run.length === 1) out.push(run);
    for (let i = 0; i + 1 < run.length; i++) {
      const gram = run.slice(i, i + 2);
      if (!STOP.has(gram) && !FILLER.test(gram)) out.push(gram);
    }
  }
  return out;
}

export interface KnowledgeHit {
  entry: KnowledgeEntry;
  score: number;
  /** share of the question's distinct tokens the entry contains */
  coverage: number;
}

/** Below these an entry is a suggestion, not the answer. */
export const ANSWER_MIN_SCORE = 15;
export const ANSWER_MIN_COVERAGE = 0.25;

export const isConfident = (hit: KnowledgeHit) => hit.score >= ANSWER_MIN_SCORE && hit.coverage >= ANSWER_MIN_COVERAGE;

/** The knowledge entries (shipped, menus' how-to and articles) as one ranked index. */
export class KnowledgeIndex {
  private readonly search: MiniSearch<KnowledgeEntry>;
  private readonly byId: Map<string, KnowledgeEntry>;

  constructor(readonly entries: readonly KnowledgeEntry[]) {
    this.byId = new Map(entries.map((e) => [e.id, e]));
    this.search = new MiniSearch<KnowledgeEntry>({
      fields: ['question', 'keywords', 'body'],
      tokenize,
      processTerm: (term) => term,
      searchOptions: { boost: { question: 3, keywords: 2, body: 0.6 }, combineWith: 'OR' },
    });
    this.search.addAll(entries);
  }

  /** The entries that share tokens with the question, best first. */
  rank(question: string, limit = 5): KnowledgeHit[] {
    const asked = withPlatformWords(question);
    const tokens = new Set(tokenize(asked));
    if (tokens.size === 0) return [];
    return this.search
      .search(asked)
      .slice(0, limit)
      .map((r) => ({ entry: this.byId.get(String(r.id))!, score: r.score, coverage: r.terms.length / tokens.size }));
  }

  /** The best entry when it is a confident answer, else null. */
  answer(question: string): KnowledgeHit | null {
    const [best] = this.rank(question, 1);
    return best && isConfident(best) ? best : null;
  }
}
