import net from 'node:net';
import { createGt06Framer, encodeGt06Location, encodeGt06Login, encodeGt06StringInfo, gt06Codec } from '@chelian/protocols';
import { e2eServer } from './e2eServer.ts';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * An e-bike's GT06 tracker over real TCP (the project's own encoders) that keeps every command the
 * server sends down (DYD, HFYD, …) and answers each as a tracker does (`DYD=Success!`).
 */
export class AnsweringTracker {
  private socket!: net.Socket;
  private serial = 1;
  readonly commands: string[] = [];
  constructor(readonly imei: string) {}

  async connect(port = e2eServer().gt06Port): Promise<void> {
    this.socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => (this.socket.once('connect', resolve), this.socket.once('error', reject)));
    const framer = createGt06Framer();
    this.socket.on('data', (chunk) => {
      for (const frame of framer.push(chunk).frames) {
        const decoded = gt06Codec.decode(frame);
        if (!decoded.ok || decoded.value.messageType !== '0x80') continue;
        const { text, serverFlag } = decoded.value.messages[0]!.detail as { text: string; serverFlag: number };
        this.commands.push(text);
        this.socket.write(encodeGt06StringInfo(serverFlag, `${text.split(',')[0]}=Success!`, this.serial++));
      }
    });
    this.socket.write(encodeGt06Login(this.imei, this.serial++));
    await pause(300);
  }

  /** A fix at `at` doing `speedKmh`, the ignition on while moving unless said (0 with it off: parked). */
  async report(at: { lon: number; lat: number }, speedKmh = 0, acc = speedKmh > 0): Promise<void> {
    this.socket.write(
      encodeGt06Location({ time: Date.now(), ...at, valid: true, speedKmh, course: 90, satellites: 9, acc }, this.serial++),
    );
    await pause(300);
  }

  close(): void {
    this.socket?.end();
  }
}
