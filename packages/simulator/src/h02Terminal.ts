/**
 * An H02 terminal: the `*HQ` text protocol. It sends V1 positions and HTBT heartbeats; the
 * server acknowledges nothing a terminal could match to a position, so H02 positions are
 * counted as sent, never as acknowledged. Platform commands (S20 oil cut/restore, S71 interval,
 * R1 reboot) are confirmed with V4, which carries the current fix.
 */
import {
  decodeH02,
  encodeH02CommandReply,
  encodeH02Heartbeat,
  encodeH02Location,
  type DeviceMessage,
  type H02LocationInput,
} from '@chelian/protocols';
import { SimTerminal } from './terminal.ts';
import type { Report } from './vehicle.ts';

export class H02Terminal extends SimTerminal {
  protected decode(frame: Buffer) {
    return decodeH02(frame);
  }

  protected handshake() {
    // No login in H02: a heartbeat makes the terminal known at once, then it reports.
    this.sendHeartbeat();
    this.online();
  }

  protected sendReports(reports: Report[]) {
    for (const r of reports) this.write(encodeH02Location(this.spec.id, locationInput(r)));
    return null;
  }

  protected sendHeartbeat() {
    this.write(encodeH02Heartbeat(this.spec.id, 100));
  }

  protected onMessage(m: DeviceMessage) {
    if (m.kind !== 'serverCommand') return;
    const { command, params } = m.detail as { command: string; params: string[] };
    const [stamp = '', ...args] = params;
    let result: string | undefined;
    if (command === 'S20') {
      const cut = args[1] === '1';
      this.cutOil(cut);
      this.commandEvent(cut ? '断油断电' : '恢复油电');
    } else if (command === 'S71' && args[0] === '22') {
      this.setInterval(Number(args[1]));
      this.commandEvent('设置上传间隔', `${args[1]} 秒`);
    } else if (command === 'R1') {
      this.commandEvent('重启');
      this.reboot();
    } else {
      this.commandEvent('自定义指令', [command, ...params].join(','));
      result = 'ERROR';
    }
    const r = this.reportNow();
    this.write(encodeH02CommandReply(this.spec.id, command, stamp, locationInput(r), result));
    this.noteSent([r], -1);
  }
}

function locationInput(r: Report): H02LocationInput {
  return { time: r.time, lat: r.lat, lon: r.lon, valid: r.valid, speedKmh: r.speedKmh, course: r.course, acc: r.acc, alarms: r.alarms };
}
