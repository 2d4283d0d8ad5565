import type { AssistantAction, PermissionCode } from '@chelian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/types.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { messagesQueries } from '../messages/messages.queries.ts';
import { AddressService } from '../address/address.service.ts';
import { hasPermission } from '../../core/permissions.ts';
import { loadShippedKnowledge, menuPath, platformFacts, type KnowledgeEntry, type MayUse, type PlatformFacts } from './knowledge.ts';
import { menuEntries } from './menuKnowledge.ts';
import { answerFromKnowledge, entryText } from './knowledgeAnswer.ts';
import { offlineNow } from './offlineNow.ts';
import { mayFollow } from './actionAccess.ts';
import { KnowledgeIndex } from './retrieval.ts';
import { detectIntent, type FleetIntent } from './intents.ts';
import {
  alarmsToday,
  expiringDevices,
  mileageTop,
  offlineVehicles,
  vehicleLocation,
  type FleetToolDeps,
  type ToolResult,
} from './fleetTools.ts';
import { askModel, modelConfigured, type ChatTurn, type Fetch } from './model.ts';
import { modelTools } from './modelTools.ts';

/** What the assistant says to one question. */
export interface Reply {
  kind: 'knowledge' | 'data' | 'model' | 'unknown' | 'denied';
  text: string;
  source: string;
  actions: AssistantAction[];
  suggestions: string[];
}

const mayUse =
  (user: SessionUser): MayUse =>
  (code) =>
    hasPermission(user.permissions, code as PermissionCode);

/** Where an answer comes from, as the widget shows it under the text. */
const sourceOf = (entry: KnowledgeEntry) =>
  entry.id.startsWith('article:') ? `帮助文章：${entry.question}` : entry.menu ? (menuPath(entry.menu) ?? entry.question) : entry.question;

/** Help-centre articles indexed per distinct set the users see (articles are published, never edited). */
const MAX_ARTICLES = 300;
const INDEX_CACHE_SIZE = 64;
const GREETING = /^(你好|您好|hi|hello|嗨|在吗|在不在)[!！。.？?]*$/i;

export interface AssistantDeps {
  db: Queryable;
  config: Pick<Config, 'ports' | 'terminalHost' | 'offlineAfterSeconds' | 'assistantModel' | 'address'>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  fetch?: Fetch;
  now?: () => number;
  /** Where addresses come from: the provider 地图设置 names (address.current.ts); the environment's when not given. */
  addresses?: Pick<AddressService, 'resolve'>;
}

export class AssistantService {
  readonly shipped: KnowledgeEntry[] = loadShippedKnowledge();
  /** every menu's how-to, from the resource tree and knowledge/menus/ */
  readonly menus: KnowledgeEntry[] = menuEntries();
  private readonly indexes = new Map<string, KnowledgeIndex>();
  private readonly tools: FleetToolDeps;

  constructor(private readonly deps: AssistantDeps) {
    const address = deps.addresses ?? AddressService.fromConfig(deps.config.address);
    this.tools = {
      db: deps.db,
      now: deps.now,
      offlineAfterSeconds: deps.config.offlineAfterSeconds,
      address: async (lon, lat) => (await address.resolve([{ lon, lat }]))[0] ?? null,
    };
  }

  facts(requestHost: string): PlatformFacts {
    return platformFacts(this.deps.config, requestHost);
  }

  /** The shipped entries and the help-centre articles this user may read, as one index. */
  async indexFor(user: SessionUser): Promise<KnowledgeIndex> {
    const { rows } = await messagesQueries.page(this.deps.db, {
      userId: user.userId,
      accountPath: user.accountPath,
      type: 'article',
      limit: MAX_ARTICLES,
      offset: 0,
    });
    const key = rows.map((r) => r.id).join(',');
    let index = this.indexes.get(key);
    if (!index) {
      const articles = rows.map((r): KnowledgeEntry => ({ id: `article:${r.id}`, question: r.title, keywords: '', body: r.content }));
      index = new KnowledgeIndex([...this.shipped, ...this.menus, ...articles]);
      if (this.indexes.size >= INDEX_CACHE_SIZE) this.indexes.delete(this.indexes.keys().next().value!);
      this.indexes.set(key, index);
    }
    return index;
  }

  runIntent(user: SessionUser, intent: FleetIntent): Promise<ToolResult> {
    switch (intent.kind) {
      case 'location':
        return vehicleLocation(this.tools, user, intent.key);
      case 'alarmsToday':
        return alarmsToday(this.tools, user, intent.key);
      case 'mileageTop':
        return mileageTop(this.tools, user, intent.period);
      case 'offline':
        return offlineVehicles(this.tools, user, intent.hours);
      case 'offlineNow':
        return offlineNow(this.tools, user);
      case 'expiring':
        return expiringDevices(this.tools, user, intent.days);
    }
  }

  /** The answer from the knowledge base and the user's fleet alone (no model). */
  async answerOffline(user: SessionUser, question: string, requestHost: string): Promise<Reply> {
    if (GREETING.test(question)) {
      return {
        kind: 'knowledge',
        text: '您好，我是AI智能助手。可以问我平台的使用方法，也可以问您车辆的情况，例如“粤B12345在哪”“今天有哪些报警”。',
        source: '',
        actions: [],
        suggestions: [],
      };
    }
    const intent = detectIntent(question);
    if (intent) {
      const result = await this.runIntent(user, intent);
      const actions = result.actions.filter((a) => mayFollow(user, a));
      return { kind: result.kind, text: result.text, source: result.source, actions, suggestions: [] };
    }
    const index = await this.indexFor(user);
    const found = answerFromKnowledge(index, question, this.facts(requestHost), mayUse(user));
    if (found?.kind === 'lacking') return { kind: 'denied', text: found.text, source: '', actions: [], suggestions: [] };
    if (found) return { kind: 'knowledge', text: found.text, source: sourceOf(found.entry), actions: [], suggestions: [] };
    const closest = index
      .rank(question, 5)
      .filter((h) => !h.entry.menu)
      .slice(0, 3)
      .map((h) => h.entry.question);
    const suggestions = [...new Set([...closest, ...this.shipped.map((e) => e.question)])].slice(0, 3);
    return {
      kind: 'unknown',
      text: '抱歉，这个问题我还回答不了。您可以换个说法，或者看看下面这些相近的问题：',
      source: '',
      actions: [],
      suggestions,
    };
  }

  /** An entry's answer for this user (menus they lack named as such). */
  fromEntry(entry: KnowledgeEntry, user: SessionUser, requestHost: string): Reply {
    return {
      kind: 'knowledge',
      text: entryText(entry, this.facts(requestHost), mayUse(user)),
      source: sourceOf(entry),
      actions: [],
      suggestions: [],
    };
  }

  /** With a model configured, its answer through the read-only tools; on any failure, the offline answer. */
  async answer(user: SessionUser, question: string, requestHost: string, history: ChatTurn[]): Promise<Reply & { model: string | null }> {
    const cfg = this.deps.config.assistantModel;
    if (modelConfigured(cfg)) {
      const actions: AssistantAction[] = [];
      const tools = modelTools({ service: this, user, requestHost, collect: (a) => actions.push(...a) });
      try {
        const text = await askModel(cfg, history, question, tools, this.deps.fetch);
        const unique = [
          ...new Map(actions.filter((a) => mayFollow(user, a)).map((a) => [`${a.type}:${a.vehicleId ?? ''}`, a])).values(),
        ].slice(0, 6);
        return { kind: 'model', text, source: cfg.model, actions: unique, suggestions: [], model: cfg.model };
      } catch (error) {
        this.deps.log?.warn({ err: error }, 'assistant model failed; answering offline');
      }
    }
    return { ...(await this.answerOffline(user, question, requestHost)), model: null };
  }
}
