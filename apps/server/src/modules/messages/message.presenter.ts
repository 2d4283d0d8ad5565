import type { HelpMessage } from '@chelian/contracts';
import type { MessageRow } from './messages.queries.ts';

export const presentMessage = (m: MessageRow): HelpMessage => ({
  id: m.id,
  type: m.type,
  title: m.title,
  content: m.content,
  ...(m.html ? { html: m.html } : {}),
  created: m.created_at.getTime(),
  read: m.read,
});
