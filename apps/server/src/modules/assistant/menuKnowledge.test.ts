import { describe, expect, it } from 'vitest';
import { RESOURCE_BY_CODE } from '@chelian/contracts';
import { MENU_RESOURCES, loadMenuTexts, mayOpen, menuAnswer, menuEntries } from './menuKnowledge.ts';

const facts = { ports: { jt808: 5015, gt06: 5023, h02: 5013, watch: 5093 }, host: 'gps.example.cn', offlineAfterSeconds: 300 };
const entries = new Map(menuEntries().map((e) => [e.menu!, e]));
const only =
  (...codes: string[]) =>
  (code: string) =>
    codes.includes(code);

describe('menu knowledge', () => {
  it('has written how-to for every menu of the resource tree, and for nothing else', () => {
    const texts = loadMenuTexts();
    expect(MENU_RESOURCES.filter((r) => !texts.get(r.code)?.body).map((r) => r.code)).toEqual([]);
    expect([...texts.keys()].filter((code) => RESOURCE_BY_CODE.get(code)?.type !== 1)).toEqual([]);
    for (const e of texts.values()) expect(e.keywords.length, e.id).toBeGreaterThan(10);
  });

  it('answers with the menu path, the written how-to and the buttons the role has and lacks', () => {
    const text = menuAnswer(entries.get('car:vehicle')!, facts, only('car:vehicle', 'car:vehicle:import'));
    expect(text.split('\n')[0]).toBe('位置：智能车联 › 车辆管理');
    expect(text).toContain('绑定设备号');
    expect(text).toContain('您的角色可以使用的按钮：批量导入。');
    expect(text).toContain('您的角色没有「新增车辆」「编辑车辆」「删除车辆」按钮');
  });

  it('lists a landing page’s menus the role has, and opens it for a role holding one of them', () => {
    expect(mayOpen('card', only('card:staff'))).toBe(true);
    expect(mayOpen('card', only('car:monitor'))).toBe(false);
    const text = menuAnswer(entries.get('card')!, facts, only('card:staff', 'card:attendance'));
    expect(text).toContain('您可以使用的菜单：人员管理、考勤记录。');
  });

  it('names a cross-referenced menu the role lacks as lacking', () => {
    const text = menuAnswer(entries.get('elecCar:fence')!, facts, only('elecCar:fence'));
    expect(text).toContain('智能车联 › 电子围栏（您的角色暂无此菜单');
  });
});
