/**
 * `npm run simulate -- --count 100 --protocol mixed --host 127.0.0.1 --interval 10 --city 深圳 --seed 1`
 * `npm run simulate -- --count 20 --protocol watch --pet --interval 300 --city 上海` (pet collars)
 * Runs simulated terminals against a Chelian gateway (or any server speaking these protocols)
 * and prints one status line every 10 seconds.
 */
import { parseArgs } from 'node:util';
import { CITIES, CITY_NAMES, cityByName } from './cities.ts';
import { Fleet, planTerminals, statusLine, type ProtocolChoice } from './fleet.ts';

const DEFAULT_PORTS = { jt808: 5015, gt06: 5023, h02: 5013, watch: 5093 };

const HELP = `车联终端模拟器：以真实协议（JT/T 808、GT06、H02、手表协议）通过 TCP 连接平台，在城市街道上模拟行驶（手表协议的佩戴者步行）。

用法: npm run simulate -- [选项]
  --count N           终端数量（默认 10）
  --protocol P        jt808 | gt06 | h02 | watch | mixed | ebike（默认 mixed，三种车载协议轮流；
                      ebike 为 GT06 电单车终端：0xF1 状态、0x40 BMS 电池数据、充放电、设防/撤防/断电/恢复；
                      watch 为手表协议的工牌/手表/宠物项圈：步行、LK 心跳、UD 定位、AL 报警，应答 CR/UPLOAD/MONITOR/FIND 等指令）
  --host H            平台地址（默认 127.0.0.1）
  --port P            单一协议时的端口（默认 JT/T 808 5015、GT06 与 ebike 5023、H02 5013、watch 5093）
  --indoor X          watch：室内（无卫星定位、只有基站和 Wi-Fi）上报的比例 0–1（默认 0）
  --pet               watch：宠物项圈（宠物卫士）：宠物在家附近的范围内随机走动，偶尔跑出去再回来，白天间歇休息、
                      夜里（北京时间22点–6点）睡觉不动；步数按天累计（零点清零）；电量随上报间隔消耗，低于15%时充电；
                      静止时每30分钟上报一次位置；收到 UPLOAD,n（寻宠模式 UPLOAD,15）即按新间隔上报（休息时也不降频），收到 FIND 响铃
  --home 纬度,经度     --pet：宠物的家（默认各宠物在所选城市中心3公里内随机）
  --home-radius M     --pet：宠物自己活动的范围半径，米（默认 40）
  --bms S             ebike 的 BMS 上报间隔，秒（默认 60）
  --jt808-port / --gt06-port / --h02-port   mixed 时各协议的端口
  --interval S        行驶时上报间隔，秒（默认 10；--pet 默认 300，即项圈的标准上报间隔）
  --heartbeat S       无数据时的心跳间隔，秒（默认 30）
  --city 名称         ${CITY_NAMES.join('、')}，或 全国（默认 全国，轮流分布）
  --seed N            随机种子：相同种子得到相同终端号、车牌和路线（默认 1）
  --alarm-rate X      随机报警频率倍数，0 为关闭（默认 1）
  --connect-rate N    启动时每秒新建连接数（默认 500）
  --duration S        运行 S 秒后退出（默认一直运行，Ctrl+C 结束）
  --verbose           打印上下线与收到的指令`;

function fail(message: string): never {
  console.error(`错误：${message}\n\n${HELP}`);
  process.exit(2);
}

function positive(name: string, value: string | undefined, fallback: number, allowZero = false): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || (!allowZero && n === 0)) fail(`--${name} 应为${allowZero ? '非负' : '正'}数，收到 "${value}"`);
  return n;
}

const { values } = parseArgs({
  options: {
    count: { type: 'string' },
    protocol: { type: 'string' },
    host: { type: 'string' },
    port: { type: 'string' },
    'jt808-port': { type: 'string' },
    'gt06-port': { type: 'string' },
    'h02-port': { type: 'string' },
    indoor: { type: 'string' },
    pet: { type: 'boolean' },
    home: { type: 'string' },
    'home-radius': { type: 'string' },
    interval: { type: 'string' },
    heartbeat: { type: 'string' },
    city: { type: 'string' },
    seed: { type: 'string' },
    'alarm-rate': { type: 'string' },
    bms: { type: 'string' },
    'connect-rate': { type: 'string' },
    duration: { type: 'string' },
    verbose: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log(HELP);
  process.exit(0);
}

const protocol = (values.protocol ?? 'mixed') as ProtocolChoice;
if (!['jt808', 'gt06', 'h02', 'watch', 'mixed', 'ebike'].includes(protocol)) fail(`未知协议 "${values.protocol}"`);
const count = Math.floor(positive('count', values.count, 10));
const seed = Math.floor(positive('seed', values.seed, 1, true));
const cityName = values.city ?? '全国';
const city = cityName === '全国' || cityName === 'all' ? undefined : cityByName(cityName);
if (cityName !== '全国' && cityName !== 'all' && !city) fail(`未知城市 "${cityName}"，可选：${CITY_NAMES.join('、')}`);

const ports = {
  jt808: Math.floor(positive('jt808-port', values['jt808-port'], DEFAULT_PORTS.jt808)),
  gt06: Math.floor(positive('gt06-port', values['gt06-port'], DEFAULT_PORTS.gt06)),
  h02: Math.floor(positive('h02-port', values['h02-port'], DEFAULT_PORTS.h02)),
  watch: DEFAULT_PORTS.watch,
};
if (values.port !== undefined) {
  if (protocol === 'mixed') fail('mixed 模式下请用 --jt808-port、--gt06-port、--h02-port 分别指定端口');
  const wire = protocol === 'ebike' ? 'gt06' : protocol;
  ports[wire] = Math.floor(positive('port', values.port, DEFAULT_PORTS[wire]));
}

if (values.pet && protocol !== 'watch') fail('--pet 只用于 --protocol watch');
let home: { lat: number; lon: number } | undefined;
if (values.home !== undefined) {
  const [lat, lon] = values.home.split(',').map(Number);
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat!) > 90 || Math.abs(lon!) > 180)
    fail(`--home 应为 纬度,经度，收到 "${values.home}"`);
  home = { lat: lat!, lon: lon! };
}
const pet = values.pet ? { home, homeRadiusMeters: positive('home-radius', values['home-radius'], 40) } : undefined;

const specs = planTerminals({ count, protocol, cities: city ? [city] : CITIES, seed });
const fleet = new Fleet(specs, {
  host: values.host ?? '127.0.0.1',
  ports,
  intervalSeconds: positive('interval', values.interval, pet ? 300 : 10), // a collar's normal rate is 5 minutes
  heartbeatSeconds: positive('heartbeat', values.heartbeat, 30),
  alarmRate: positive('alarm-rate', values['alarm-rate'], 1, true),
  connectRate: positive('connect-rate', values['connect-rate'], 500),
  ebike: { bmsEverySeconds: positive('bms', values.bms, 60) },
  watch: { indoorShare: Math.min(1, positive('indoor', values.indoor, 0, true)) },
  pet,
  onEvent: values.verbose
    ? (e) =>
        console.log(
          e.type === 'command'
            ? `终端 ${e.terminal} 收到指令：${e.command}${e.detail ? `（${e.detail}）` : ''}`
            : `终端 ${e.terminal} ${e.type === 'online' ? '上线' : '离线'}`,
        )
    : undefined,
});

const target =
  protocol === 'mixed'
    ? `JT/T 808 :${ports.jt808}、GT06 :${ports.gt06}、H02 :${ports.h02}`
    : protocol === 'ebike'
      ? `电单车 GT06 :${ports.gt06}`
      : pet
        ? `宠物项圈 watch :${ports.watch}`
        : `${protocol} :${ports[protocol]}`;
console.log(`启动 ${count} 台模拟终端 → ${values.host ?? '127.0.0.1'}（${target}），城市：${city?.name ?? '全国'}，种子 ${seed}`);
const started = Date.now();
const memory = () => `，内存 ${Math.round(process.memoryUsage().rss / 1048576)} MB`;
const status = setInterval(
  () => console.log(`[${Math.round((Date.now() - started) / 1000)}s] ${statusLine(fleet.totals())}${memory()}`),
  10_000,
);

function finish() {
  clearInterval(status);
  fleet.stop();
  console.log(`结束：${statusLine(fleet.totals())}${memory()}`);
  process.exit(0);
}
process.on('SIGINT', finish);
process.on('SIGTERM', finish);
if (values.duration !== undefined) setTimeout(finish, positive('duration', values.duration, 60) * 1000);

await fleet.start();
