import type { FastifyInstance } from 'fastify';
import { ASSISTANT_ERRORS, ASSISTANT_HISTORY_LIMIT, assistantEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { currentAddresses } from '../address/address.current.ts';
import { AssistantService } from './assistant.service.ts';
import { historyQueries } from './history.queries.ts';
import { presentMessage } from './assistant.presenter.ts';

/** How many earlier messages a model is shown as the conversation so far. */
const MODEL_CONTEXT_MESSAGES = 6;

/**
 * AI智能助手's API under /ai/ (the widget script itself is a built file, /ai/assistant.js).
 * Every user reaches it with their session; each answer reads only what that session may see.
 */
export const assistantRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const { db } = ctx;
  const service = new AssistantService({ db, config: ctx.config, log: ctx.log, addresses: currentAddresses(ctx) });

  route(app, assistantEndpoints.chat, async (input, request) => {
    const user = caller(request);
    const question = input.question.replace(/\s+/g, ' ').trim();
    if (!question) throw new AppError(ASSISTANT_ERRORS.emptyQuestion);
    const earlier = await historyQueries.recent(db, user.userId, MODEL_CONTEXT_MESSAGES);
    const reply = await service.answer(
      user,
      question,
      request.hostname,
      earlier.map((m) => ({ role: m.role, content: m.text })),
    );
    const asked = await historyQueries.insert(db, user.userId, {
      role: 'user',
      text: question,
      kind: 'question',
      source: '',
      actions: [],
      suggestions: [],
    });
    const answered = await historyQueries.insert(db, user.userId, { role: 'assistant', ...reply });
    return { question: presentMessage(asked), answer: presentMessage(answered), model: reply.model };
  });

  route(app, assistantEndpoints.history, async (_input, request) => ({
    list: (await historyQueries.recent(db, caller(request).userId, ASSISTANT_HISTORY_LIMIT)).map(presentMessage),
  }));

  route(app, assistantEndpoints.clearHistory, async (_input, request) => ({
    deleted: await historyQueries.clear(db, caller(request).userId),
  }));
};
