import { randomBytes } from 'node:crypto';
import type { DecodeContext } from '@chelian/protocols/model.ts';
import { Jt808SubpackageAssembler } from '@chelian/protocols/jt808/subpackage.ts';
import { PhoneMemo } from '@chelian/protocols/jt808/frame.ts';

/**
 * A connection's decoder context, kept small because a gateway holds one per connection: serials
 * come from the session through a prototype method (no closure), and the JT/T 808 sub-package
 * assembler is made only when a terminal first sends a multi-packet message.
 */
export class ConnectionDecodeContext implements DecodeContext {
  terminalId?: string;
  /** Set at every read before its frames are decoded. A number from the start, so V8 keeps the field a number and a store reuses its box instead of allocating one (issue 33). */
  now = 0;
  /** The JT/T 808 phone of this connection's last frame (its next nearly always repeats it). */
  readonly phones = new PhoneMemo();
  private assembler?: Jt808SubpackageAssembler;
  private code?: string;

  constructor(
    private readonly serials: { nextSerial(): number },
    private readonly reassembles: boolean,
  ) {}

  nextSerial(): number {
    return this.serials.nextSerial();
  }

  /** The JT/T 808 auth code a register reply on this connection hands out: random, made when first asked (identity.ts stores it). */
  get authCode(): string {
    return (this.code ??= randomBytes(8).toString('hex'));
  }

  get subpackages(): Jt808SubpackageAssembler | undefined {
    if (!this.reassembles) return undefined;
    return (this.assembler ??= new Jt808SubpackageAssembler());
  }
}
