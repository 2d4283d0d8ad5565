/**
 * Commands down to terminals (car app): check which targets can take a command, send it (queued
 * for offline terminals until expireMinutes), and the record of what happened.
 * Targets are terminalIds and/or vehicleIds, comma-separated.
 */
import type { Page, PageParams } from './envelope.ts';

export type CommandTargets = { terminalIds?: string; vehicleIds?: string; commandType: string };

/** GET or POST /car/v1/api/command/checkCommandDownBatchTer.json → obj CommandCheck */
export type CommandCheckForm = CommandTargets;
export interface CommandCheckItem {
  terminalId: string;
  vehicleId: number | null;
  plate: string;
  protocol: string;
  online: boolean;
  supported: boolean;
  canSendNow: boolean;
  reason: string;
}
export interface CommandCheck {
  total: number;
  supported: number;
  online: number;
  list: CommandCheckItem[];
}

/** POST /car/v1/api/command/commandDownBatch.json (form) → obj CommandSend */
export type CommandSendForm = CommandTargets & { seconds?: number; text?: string; hex?: string; messageId?: number; expireMinutes?: number };
export interface CommandSendItem {
  terminalId: string;
  plate: string;
  commandId: number | null;
  status: string;
  reason: string;
}
export interface CommandSend {
  total: number;
  sent: number;
  queued: number;
  unsupported: number;
  list: CommandSendItem[];
}

/** GET /car/v1/api/command/listCommand.json → obj Page<CommandRecord>; times epoch ms */
export type CommandListQuery = PageParams & { terminalId?: string; status?: string };
export interface CommandRecord {
  commandId: number;
  terminalId: string;
  plate: string;
  type: string;
  typeName: string;
  params: Record<string, unknown>;
  status: string;
  statusName: string;
  userName: string;
  created: number;
  expiresAt: number;
  sentAt: number | null;
  repliedAt: number | null;
  replySuccess: boolean | null;
  replyText: string;
}
export type CommandPage = Page<CommandRecord>;
