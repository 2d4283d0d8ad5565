import type { DecodeContext } from '@chelian/protocols/model.ts';
import { Jt808SubpackageAssembler } from '@chelian/protocols/jt808/subpackage.ts';

/**
 * A connection's decoder context, kept small because a gateway holds one per connection: serials
 * come from the session through a prototype method (no closure), and the JT/T 808 sub-package
 * assembler is made only when a terminal first sends a multi-packet message.
 */
export class ConnectionDecodeContext implements DecodeContext {
  terminalId?: string;
  now?: number;
  private assembler?: Jt808SubpackageAssembler;

  constructor(
    private readonly serials: { nextSerial(): number },
    private readonly reassembles: boolean,
  ) {}

  nextSerial(): number {
    return this.serials.nextSerial();
  }

  get subpackages(): Jt808SubpackageAssembler | undefined {
    if (!this.reassembles) return undefined;
    return (this.assembler ??= new Jt808SubpackageAssembler());
  }
}
