import net from 'node:net';
import { encodeGt06Alarm, encodeGt06Location, encodeGt06Login } from '@chelian/protocols';

/** True when the server's GT06 gateway accepts connections on that port. */
export function gatewayListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/**
 * A GT06 terminal (over real TCP, with the project's own encoders) that logs in, reports a fix
 * in Shanghai and raises an SOS alarm.
 */
export async function raiseGt06Alarm(port: number, imei: string): Promise<void> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const fix = { time: Date.now(), lat: 31.2304, lon: 121.4737, valid: true, speedKmh: 36, course: 90, satellites: 9 };
  socket.write(encodeGt06Login(imei, 1));
  await pause(300);
  socket.write(encodeGt06Location(fix, 2));
  await pause(300);
  socket.write(encodeGt06Alarm({ ...fix, time: Date.now() }, 'sos', {}, 3));
  await pause(1000);
  socket.end();
}
