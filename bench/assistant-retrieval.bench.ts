// AI智能助手's retrieval cost: building the knowledge index (the shipped entries plus N help-centre
// articles, as a user who reads N articles gets it on their first question after a new article)
// and ranking one question against it. CPU only, one process. Prints JSON.
// Run: npm run bench -- assistant-retrieval [--articles 300] [--questions 2000]
import { loadShippedKnowledge, type KnowledgeEntry } from '../apps/server/src/modules/assistant/knowledge.ts';
import { KnowledgeIndex } from '../apps/server/src/modules/assistant/retrieval.ts';
import { PARAPHRASES } from '../apps/server/src/modules/assistant/paraphrases.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const ARTICLES = arg('articles', 300);
const QUESTIONS = arg('questions', 2000);

const shipped = loadShippedKnowledge();
// Articles made of the shipped answers' sentences, reshuffled: Chinese text of the real kind, ~600 characters each.
const sentences = shipped.flatMap((e) => e.body.split(/[。\n]/).filter((s) => s.length > 8));
const articles: KnowledgeEntry[] = Array.from({ length: ARTICLES }, (_, i) => ({
  id: `article:${i + 1}`,
  question: `帮助文章 ${i + 1}：${sentences[(i * 7) % sentences.length]!.slice(0, 20)}`,
  keywords: '',
  body: Array.from({ length: 12 }, (_, k) => sentences[(i * 13 + k * 5) % sentences.length]).join('。'),
}));
const entries = [...shipped, ...articles];
const chars = entries.reduce((n, e) => n + e.question.length + e.keywords.length + e.body.length, 0);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const buildMs: number[] = [];
let index!: KnowledgeIndex;
for (let run = 0; run < 7; run++) {
  const start = performance.now();
  index = new KnowledgeIndex(entries);
  buildMs.push(performance.now() - start);
}

const questions = [...PARAPHRASES.map(([q]) => q), ...shipped.map((e) => e.question)];
for (let i = 0; i < 200; i++) index.answer(questions[i % questions.length]!); // warm-up
const start = performance.now();
for (let i = 0; i < QUESTIONS; i++) index.answer(questions[i % questions.length]!);
const rankMs = performance.now() - start;

console.log(
  JSON.stringify(
    {
      entries: entries.length,
      shipped: shipped.length,
      articles: ARTICLES,
      indexedChars: chars,
      indexBuildMsMedian: Math.round(median(buildMs) * 10) / 10,
      questions: QUESTIONS,
      perQuestionMs: Math.round((rankMs / QUESTIONS) * 1000) / 1000,
      heapMB: Math.round(process.memoryUsage().heapUsed / 1e6),
    },
    null,
    2,
  ),
);
