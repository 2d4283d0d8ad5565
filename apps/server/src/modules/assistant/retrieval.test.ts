import { describe, expect, it } from 'vitest';
import { fillPlaceholders, loadShippedKnowledge, menuPath } from './knowledge.ts';
import { KnowledgeIndex, tokenize } from './retrieval.ts';
import { detectIntent } from './intents.ts';
import { PARAPHRASES } from './paraphrases.ts';

/** Spec §1's sixteen suggested questions, as the shell offers them (apps/web T.assistant.questions). */
const SUGGESTED = [
  '如何创建子用户？',
  '如何添加资产？',
  '如何查看资产当前位置？',
  '如何查看轨迹和历史报警？',
  '设备过期了如何续费？',
  '指令下发后不生效怎么办？',
  '定位上传慢是什么原因？',
  '资产显示离线怎么办？',
  '设备安装指南',
  '充电相关问题',
  '定位漂移怎么办？',
  '如何激活设备？',
  '平台支持哪些设备协议？',
  '设备接入的在线域名和端口是多少？',
  '设备指示灯状态说明',
  '4G 设备常见问题',
];

const entries = loadShippedKnowledge();
const index = new KnowledgeIndex(entries);
const facts = { ports: { jt808: 5015, gt06: 5023, h02: 5013, watch: 5093 }, host: 'gps.example.cn', offlineAfterSeconds: 300 };

/** The entry a question lands on: a fleet question first, as the service does, else the knowledge base's confident answer. */
const landsOn = (q: string) => {
  const intent = detectIntent(q);
  return intent ? intent.kind : (index.answer(q)?.entry.id ?? null);
};

describe('the knowledge base', () => {
  it('has one entry per suggested question, then the topics that span menus, each answered by its own entry', () => {
    expect(entries.map((e) => e.question).slice(0, SUGGESTED.length)).toEqual(SUGGESTED);
    expect(entries.map((e) => e.id).slice(SUGGESTED.length)).toEqual(['overspeed', 'offlineRule']);
    for (const e of entries) expect(index.answer(e.question)?.entry.id, e.question).toBe(e.id);
  });

  it('fills every placeholder from the platform: menu paths of the resource tree, ports, host', () => {
    for (const e of entries) {
      const text = fillPlaceholders(e.body, facts);
      expect(text, e.id).not.toMatch(/\{\{|\}\}/);
      expect(text.length, e.id).toBeGreaterThan(80);
    }
    expect(menuPath('system:user')).toBe('系统管理 › 用户管理');
    expect(menuPath('car:vehicle:add')).toBe('智能车联 › 车辆管理 › 新增车辆');
    const byId = new Map(entries.map((e) => [e.id, fillPlaceholders(e.body, facts)]));
    expect(byId.get('domainPort')).toContain('gps.example.cn');
    for (const port of ['5015', '5023', '5013', '5093']) expect(byId.get('domainPort')).toContain(port);
    expect(byId.get('subUser')).toContain('系统管理 › 用户管理');
    expect(byId.get('renew')).toContain('系统管理 › 终端管理');
    expect(byId.get('commandFail')).toContain('智能车联 › 指令下发');
  });
});

describe('retrieval', () => {
  it('segments Chinese into words and bigrams, keeps Latin words and numbers', () => {
    const tokens = tokenize('4G设备常见问题');
    expect(tokens).toEqual(expect.arrayContaining(['4g', '设备', '常见', '问题', '见问']));
  });

  it('answers at least 90 % of the thirty paraphrases written before tuning', () => {
    const wrong = PARAPHRASES.filter(([q, want]) => landsOn(q) !== want);
    expect(wrong.length / PARAPHRASES.length, JSON.stringify(wrong)).toBeLessThanOrEqual(0.1);
  });

  it('does not pretend to know what it was never told', () => {
    for (const q of ['今天天气怎么样', '帮我订一张去北京的机票', '讲个笑话', 'hello world']) expect(index.answer(q), q).toBeNull();
  });
});

describe('fleet questions', () => {
  it('recognises the six kinds and leaves how-to questions to the knowledge base', () => {
    expect(detectIntent('粤B12345在哪')).toEqual({ kind: 'location', key: '粤B12345' });
    expect(detectIntent('粤b12345现在在什么地方')).toEqual({ kind: 'location', key: '粤B12345' });
    expect(detectIntent('今天有哪些报警')).toEqual({ kind: 'alarmsToday', key: null });
    expect(detectIntent('本周里程最多的车')).toEqual({ kind: 'mileageTop', period: 'week' });
    expect(detectIntent('哪些车离线超过一天')).toEqual({ kind: 'offline', hours: 24 });
    expect(detectIntent('现在有哪些车离线')).toEqual({ kind: 'offlineNow' });
    expect(detectIntent('有几台车掉线了')).toEqual({ kind: 'offlineNow' });
    expect(detectIntent('哪些车离线超过3天')).toEqual({ kind: 'offline', hours: 72 });
    expect(detectIntent('哪些设备快到期')).toEqual({ kind: 'expiring', days: 30 });
    for (const q of [
      '资产显示离线怎么办？',
      '设备过期了如何续费？',
      '如何查看轨迹和历史报警？',
      '如何查看资产当前位置？',
      '怎么设置超速报警？限速想改成80公里',
      '到期设备清单导出',
      '报警处理了多少没处理多少',
      '这个月每辆车跑了多少公里',
    ])
      expect(detectIntent(q), q).toBeNull();
  });
});
