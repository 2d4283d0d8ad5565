import type { AssistantAction, AssistantMessageKind } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';

export interface HistoryRow {
  id: number;
  role: 'user' | 'assistant';
  text: string;
  kind: AssistantMessageKind;
  source: string;
  actions: AssistantAction[];
  suggestions: string[];
  created_at: Date;
}

export interface NewMessage {
  role: 'user' | 'assistant';
  text: string;
  kind: AssistantMessageKind;
  source: string;
  actions: AssistantAction[];
  suggestions: string[];
}

const COLUMNS = 'id, role, text, kind, source, actions, suggestions, created_at';

/** Each user's conversation with the assistant; a user reads and clears only their own. */
export const historyQueries = {
  insert: async (q: Queryable, userId: number, m: NewMessage) =>
    (
      await q.query<HistoryRow>(
        `INSERT INTO assistant_messages (user_id, role, text, kind, source, actions, suggestions)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb) RETURNING ${COLUMNS}`,
        [userId, m.role, m.text, m.kind, m.source, JSON.stringify(m.actions), JSON.stringify(m.suggestions)],
      )
    )[0]!,

  /** The newest `limit` messages, oldest first. */
  recent: async (q: Queryable, userId: number, limit: number) =>
    (
      await q.query<HistoryRow>(`SELECT ${COLUMNS} FROM assistant_messages WHERE user_id = $1 ORDER BY id DESC LIMIT $2`, [userId, limit])
    ).reverse(),

  clear: async (q: Queryable, userId: number) =>
    (await q.query<{ id: number }>('DELETE FROM assistant_messages WHERE user_id = $1 RETURNING id', [userId])).length,
};
