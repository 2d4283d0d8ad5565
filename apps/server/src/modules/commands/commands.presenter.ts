import { COMMAND_NAMES_ZH, COMMAND_STATUS_ZH, type CommandRecord } from '@chelian/contracts';
import type { CommandRow } from '../../core/commandQueue.queries.ts';
import { epochOrNull } from '../../http/timeInput.ts';
import { replyForOperator } from './commandReplies.ts';

export const presentCommand = (c: CommandRow): CommandRecord => ({
  commandId: c.id,
  terminalId: c.identifier,
  plate: c.plate ?? '',
  type: c.type,
  typeName: COMMAND_NAMES_ZH[c.type],
  params: c.params,
  status: c.status,
  statusName: COMMAND_STATUS_ZH[c.status],
  userName: c.user_name ?? '',
  created: c.created_at.getTime(),
  expiresAt: c.expires_at.getTime(),
  sentAt: epochOrNull(c.sent_at),
  repliedAt: epochOrNull(c.replied_at),
  replySuccess: c.reply_success,
  replyText: replyForOperator(c.reply_text),
});
