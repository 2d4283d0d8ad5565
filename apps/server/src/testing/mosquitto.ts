import net from 'node:net';

/** The broker MQTT tests publish through: MQTT_TEST_URL, else the machines' Mosquitto. */
export const MQTT_TEST_URL = process.env.MQTT_TEST_URL || 'mqtt://127.0.0.1:1883';

/** '' when an MQTT broker answers at MQTT_TEST_URL; otherwise why the MQTT suites are skipped (printed). */
export async function mqttSkipReason(suite: string): Promise<string> {
  const u = new URL(MQTT_TEST_URL);
  const ok = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 1883) });
    socket.setTimeout(2000);
    socket.on('connect', () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => (socket.destroy(), resolve(false)));
  });
  const reason = ok ? '' : `no MQTT broker answers at ${MQTT_TEST_URL} (start Mosquitto or set MQTT_TEST_URL)`;
  if (reason) console.warn(`MQTT suite skipped: ${reason} (${suite})`);
  return reason;
}
