import type { AssistantMessage } from '@chelian/contracts';
import type { HistoryRow } from './history.queries.ts';

export function presentMessage(r: HistoryRow): AssistantMessage {
  return {
    id: r.id,
    role: r.role,
    text: r.text,
    kind: r.kind,
    source: r.source,
    actions: r.actions,
    suggestions: r.suggestions,
    created: r.created_at.getTime(),
  };
}
