import fs from 'node:fs';
import path from 'node:path';
import { MAX_TRACK_DAYS, RESOURCES, RESOURCE_BY_CODE } from '@chelian/contracts';

/** One answer of the knowledge base: a shipped entry (knowledge/*.md) or a help-centre article. */
export interface KnowledgeEntry {
  /** 'subUser' …, or 'article:<id>' for a help-centre article */
  id: string;
  /** the question it answers (an article's title) */
  question: string;
  /** words and phrasings people use for it */
  keywords: string;
  /** the answer, placeholders not yet filled */
  body: string;
  /** a menu's how-to (menuKnowledge.ts): the resource code it is about, answered only with that menu */
  menu?: string;
}

/** What placeholders are filled with: the running platform's own facts. */
export interface PlatformFacts {
  ports: { jt808: number; gt06: number; h02: number; watch: number };
  /** the host terminals dial */
  host: string;
  offlineAfterSeconds: number;
}

/** The facts of this platform: its configured ports, and the host terminals dial (TERMINAL_HOST, else the host the page was asked from). */
export function platformFacts(
  config: { ports: PlatformFacts['ports']; terminalHost: string; offlineAfterSeconds: number },
  requestHost: string,
): PlatformFacts {
  return { ports: config.ports, host: config.terminalHost || requestHost, offlineAfterSeconds: config.offlineAfterSeconds };
}

export const KNOWLEDGE_DIR = path.join(import.meta.dirname, 'knowledge');

const HEADING = /^## +([A-Za-z][\w:-]*)\s*$/;
const FIELD = /^(问题|关键词)[：:]\s*(.*)$/;

/** Parses the knowledge markdown: "## id", then 问题：…, 关键词：…, then the answer up to the next heading. */
export function parseKnowledge(markdown: string): KnowledgeEntry[] {
  const entries: KnowledgeEntry[] = [];
  let current: KnowledgeEntry | null = null;
  const body: string[] = [];
  const close = () => {
    if (current) entries.push({ ...current, body: body.join('\n').trim() });
    body.length = 0;
  };
  for (const line of markdown.replace(/<!--[\s\S]*?-->/g, '').split('\n')) {
    const heading = HEADING.exec(line);
    if (heading) {
      close();
      current = { id: heading[1]!, question: '', keywords: '', body: '' };
      continue;
    }
    if (!current) continue;
    const field = FIELD.exec(line);
    if (field && body.length === 0) {
      if (field[1] === '问题') current.question = field[2]!.trim();
      else current.keywords = field[2]!.trim();
      continue;
    }
    if (body.length > 0 || line.trim()) body.push(line);
  }
  close();
  return entries;
}

/** The shipped entries, every *.md of the knowledge folder in name order. */
export function loadShippedKnowledge(dir = KNOWLEDGE_DIR): KnowledgeEntry[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .flatMap((f) => parseKnowledge(fs.readFileSync(path.join(dir, f), 'utf8')));
}

/** '系统管理 › 用户管理' for a menu code, with the button's name after it for a button code. */
export function menuPath(code: string): string | null {
  const names: string[] = [];
  for (let r = RESOURCE_BY_CODE.get(code); r; r = RESOURCES.find((p) => p.id === r!.parentId)) names.unshift(r.name);
  return names.length ? names.join(' › ') : null;
}

/** Whether the asker's role holds a resource code (every code when not said: the shipped texts' own test). */
export type MayUse = (code: string) => boolean;

/** Said after a menu the asker's role lacks, wherever an answer names one. */
export const LACKING_MENU = '（您的角色暂无此菜单，需要时请联系管理员开通）';

/**
 * The answer with {{…}} filled from the platform; an unknown placeholder stays visible (a test
 * catches it). A menu the asker may not use is named as one their role lacks, never as a way to go.
 */
export function fillPlaceholders(text: string, facts: PlatformFacts, mayUse: MayUse = () => true): string {
  return text.replace(/\{\{([\w:-]+)\}\}/g, (whole, name: string) => {
    if (name.startsWith('menu:')) {
      const code = name.slice(5);
      const path = menuPath(code);
      return path === null ? whole : mayUse(code) ? path : `${path}${LACKING_MENU}`;
    }
    if (name.startsWith('port:')) return String(facts.ports[name.slice(5) as keyof PlatformFacts['ports']] ?? whole);
    if (name === 'host') return facts.host;
    if (name === 'offlineMinutes') return String(Math.round(facts.offlineAfterSeconds / 60));
    if (name === 'trackDays') return String(MAX_TRACK_DAYS);
    return whole;
  });
}
