import type { DeviceMessage } from '@chelian/protocols/model.ts';
import { identifierKey } from '../core/identifiers.ts';
import type { TerminalInfo } from './terminalDirectory.ts';

/** Terminal identifiers are digits: JT/T 808 phone (12/20), IMEI (15), some H02 ids (10). */
const PLAUSIBLE_ID = /^\d{5,20}$/;

/**
 * Whose a message is, as the connection that read it sees it. `known`: the terminal this
 * connection already goes by (or none named). `claim`: a terminal it has not earned, for
 * identity.ts to judge (and JT/T 808's register and authenticate, which carry a refusal).
 * `implausible`: an identifier no real terminal sends; the connection is closed.
 */
export function whoseMessage(msg: DeviceMessage, terminal: TerminalInfo | null, wireId: string): 'known' | 'claim' | 'implausible' {
  if (msg.refuse) return 'claim';
  // The usual case: the identifier this connection already went by, earned when it first came.
  if (terminal && msg.terminalId === wireId) return 'known';
  // Not a phone number or IMEI: nothing we could record it as.
  if (msg.terminalId && !PLAUSIBLE_ID.test(msg.terminalId)) return 'implausible';
  if (msg.terminalId && (!terminal || identifierKey(msg.terminalId) !== terminal.key)) return 'claim';
  return 'known';
}
