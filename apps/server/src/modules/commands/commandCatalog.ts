import type { CommandType, TerminalCommand } from '@chelian/protocols/model.ts';
import { COMMAND_ERRORS, COMMAND_NAMES_ZH } from '@chelian/contracts';
import { AppError } from '../../http/errors.ts';

export const COMMAND_TYPES = Object.keys(COMMAND_NAMES_ZH) as CommandType[];

export interface CommandParams {
  seconds?: number;
  text?: string;
  hex?: string;
  messageId?: number;
  phone?: string;
  phones?: string;
  index?: number;
  enable?: number;
  periods?: string;
}

const PHONE = /^\+?\d{3,20}$/;
const PERIOD = /^([01]?\d|2[0-3]):[0-5]\d-([01]?\d|2[0-3]):[0-5]\d$/;

function phoneOf(p: CommandParams): string {
  const phone = (p.phone ?? '').trim();
  if (!PHONE.test(phone)) throw new AppError(COMMAND_ERRORS.phoneFormat);
  return phone;
}

function enableOf(p: CommandParams): boolean {
  if (p.enable !== 0 && p.enable !== 1) throw new AppError(COMMAND_ERRORS.enableRequired);
  return p.enable === 1;
}

/** The command as the codecs take it, with its parameters checked (Chinese messages). */
export function buildCommand(type: CommandType, p: CommandParams): TerminalCommand {
  switch (type) {
    case 'setInterval':
      if (p.seconds === undefined || p.seconds < 5 || p.seconds > 86_400) throw new AppError(COMMAND_ERRORS.intervalRange);
      return { type, seconds: p.seconds };
    case 'text': {
      const text = (p.text ?? '').trim();
      if (!text || text.length > 200) throw new AppError(COMMAND_ERRORS.textLength);
      return { type, text };
    }
    case 'custom': {
      const text = p.text?.trim() || undefined;
      const hex = p.hex?.replace(/\s+/g, '') || undefined;
      if (!text && !hex) throw new AppError(COMMAND_ERRORS.customEmpty);
      if (hex && (!/^([0-9a-fA-F]{2})+$/.test(hex) || hex.length > 2048)) throw new AppError(COMMAND_ERRORS.hexFormat);
      if (text && text.length > 500) throw new AppError(COMMAND_ERRORS.customTooLong);
      if (p.messageId !== undefined && (p.messageId < 0x8000 || p.messageId > 0xffff)) throw new AppError(COMMAND_ERRORS.messageIdRange);
      return { type, text, hex, messageId: p.messageId };
    }
    case 'listenIn':
    case 'centerNumber':
      return { type, phone: phoneOf(p) };
    case 'sosNumber':
      if (p.index !== 1 && p.index !== 2 && p.index !== 3) throw new AppError(COMMAND_ERRORS.sosIndex);
      return { type, index: p.index, phone: phoneOf(p) };
    case 'sosNumbers': {
      const phones = (p.phones ?? '').split(/[,，]/).map((s) => s.trim());
      if (phones.length > 3 || phones.every((s) => s === '') || phones.some((s) => s !== '' && !PHONE.test(s)))
        throw new AppError(COMMAND_ERRORS.sosPhones);
      return { type, phones };
    }
    case 'removeAlarm':
    case 'fallAlarm':
      return { type, enable: enableOf(p) };
    case 'silenceTime': {
      const periods = (p.periods ?? '')
        .split(/[,，]/)
        .map((s) => s.trim())
        .filter(Boolean);
      if (periods.length > 4 || periods.some((s) => !PERIOD.test(s))) throw new AppError(COMMAND_ERRORS.silencePeriods);
      return { type, periods };
    }
    case 'find':
    case 'arm':
    case 'disarm':
    case 'powerOff':
    case 'cutOil':
    case 'restoreOil':
    case 'locateNow':
    case 'reboot':
      return { type };
  }
}
