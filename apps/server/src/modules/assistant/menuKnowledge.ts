import path from 'node:path';
import { RESOURCES, RESOURCE_BY_CODE, type ResourceSeed } from '@chelian/contracts';
import {
  KNOWLEDGE_DIR,
  fillPlaceholders,
  loadShippedKnowledge,
  menuPath,
  type KnowledgeEntry,
  type MayUse,
  type PlatformFacts,
} from './knowledge.ts';

/*
 * How-to knowledge of every menu, generated from the resource tree: each menu (a landing page —
 * a sub-product's root — or one of its pages) is an entry whose question and keywords are its
 * names, its parents' and its buttons', with the everyday words and the short how-to written for
 * it in knowledge/menus/*.md. The answer says where the menu is, how it is used, and which of its
 * buttons (or, for a landing page, which of its menus) the asker's role has.
 */
export const MENU_KNOWLEDGE_DIR = path.join(KNOWLEDGE_DIR, 'menus');

/** The menus an answer can be about: every menu resource (type 1), landing pages included. */
export const MENU_RESOURCES: readonly ResourceSeed[] = RESOURCES.filter((r) => r.type === 1);

const childrenOf = (r: ResourceSeed) => RESOURCES.filter((c) => c.parentId === r.id);
const parentOf = (r: ResourceSeed) => RESOURCES.find((p) => p.id === r.parentId);
const isLanding = (r: ResourceSeed) => r.parentId === 0 && childrenOf(r).some((c) => c.type === 1);

/** A sub-product's landing page (its root menu), by code. */
export const isLandingCode = (code: string) => {
  const r = RESOURCE_BY_CODE.get(code);
  return r !== undefined && isLanding(r);
};

/**
 * A landing page answers what a sub-product holds ("智能工牌首页能看什么"), never how to do a
 * task there: its product's name is in every such question, and the page for the task is the answer.
 */
export const ASKS_FOR_LANDING = /首页|主页|概览|产品|是干嘛|干什么|做什么|能看|有什么|有哪些|都有|里面|里有|能设置什么|能干|有啥/;

/** The hand-written part of each menu's entry, by resource code. */
export function loadMenuTexts(dir = MENU_KNOWLEDGE_DIR): Map<string, KnowledgeEntry> {
  return new Map(loadShippedKnowledge(dir).map((e) => [e.id, e]));
}

/** One entry per menu of the tree, `menu:<code>`, with its written keywords and how-to. */
export function menuEntries(texts = loadMenuTexts()): KnowledgeEntry[] {
  return MENU_RESOURCES.map((r) => {
    const written = texts.get(r.code);
    // A page is known by its buttons' names too; a landing page by its own words only (its
    // menus' names would draw every question about them to it).
    const names = isLanding(r) ? [r.name] : [r.name, parentOf(r)?.name ?? '', ...childrenOf(r).map((c) => c.name)];
    return {
      id: `menu:${r.code}`,
      question: `${menuPath(r.code)}怎么用`,
      keywords: [...names, written?.keywords ?? ''].join(' ').trim(),
      body: written?.body ?? '',
      menu: r.code,
    };
  });
}

/**
 * Whether the asker can open a menu: its code, or for a landing page any of its menus (the shell
 * shows a sub-product to a role holding one of its pages).
 */
export function mayOpen(code: string, mayUse: MayUse): boolean {
  const r = RESOURCE_BY_CODE.get(code);
  if (!r) return false;
  if (mayUse(code)) return true;
  return isLanding(r) && childrenOf(r).some((c) => c.type === 1 && mayUse(c.code));
}

/** A menu entry's answer for this asker: where it is, how to use it, what their role has of it. */
export function menuAnswer(entry: KnowledgeEntry, facts: PlatformFacts, mayUse: MayUse): string {
  const r = RESOURCE_BY_CODE.get(entry.menu!)!;
  const lines = [`位置：${menuPath(r.code)}`];
  if (entry.body) lines.push(fillPlaceholders(entry.body, facts, mayUse));
  const children = childrenOf(r);
  if (isLanding(r)) {
    const menus = children.filter((c) => c.type === 1 && mayUse(c.code)).map((c) => c.name);
    if (menus.length) lines.push(`您可以使用的菜单：${menus.join('、')}。`);
  } else {
    const buttons = children.filter((c) => c.type === 3);
    const held = buttons.filter((b) => mayUse(b.code)).map((b) => b.name);
    const lacking = buttons.filter((b) => !mayUse(b.code)).map((b) => b.name);
    if (held.length) lines.push(`您的角色可以使用的按钮：${held.join('、')}。`);
    if (lacking.length) lines.push(`您的角色没有「${lacking.join('」「')}」按钮，需要时请联系管理员开通。`);
  }
  return lines.join('\n');
}
