import { describe, expect, it } from 'vitest';
import { RESOURCE_BY_CODE, RESOURCES, type ResourceNode } from '@chelian/contracts';
import { collectPermissions } from '../../shared/permission/permissions.ts';
import { mayCall } from '../../shared/permission/mayCall.ts';
import { permittedShellCalls, SHELL_CALLS } from './homeCalls.ts';

/** A role's resource tree as the server answers it: the menus granted (and the buttons under them), flat is enough here. */
function roleTree(codes: readonly string[]): ResourceNode[] {
  return codes.map((code) => {
    const r = RESOURCE_BY_CODE.get(code)!;
    const buttons = RESOURCES.filter((b) => b.parentId === r.id && b.type === 3);
    const node = (x: typeof r, children: ResourceNode[] = []): ResourceNode => ({ ...x, children });
    return node(
      r,
      buttons.map((b) => node(b)),
    );
  });
}

// The restricted role of the issue and of e2e/system.e2e.ts: 实时监控, 报警中心, 里程报表 only.
const restricted = collectPermissions(roleTree(['car:monitor', 'car:alarm', 'report:mileage']));
const everything = collectPermissions(roleTree(RESOURCES.filter((r) => r.type !== 3 && r.code).map((r) => r.code)));

describe("the shell's own calls (home page, header, home widgets)", () => {
  it('a restricted role makes only the calls it may: no 站内信 notices, no 报警设置 read, so no 403 on its home page', () => {
    expect(permittedShellCalls(restricted)).toEqual({
      accountStatus: true,
      notices: false,
      customerTree: true,
      alarmCount: true,
      alarmControls: false,
      browserNotices: true,
    });
  });

  it('a role with every menu makes them all', () => {
    expect(Object.values(permittedShellCalls(everything)).every(Boolean)).toBe(true);
  });

  it("asks the server's own rule: a call with a permission needs that code (menu or button), one without needs a session only", () => {
    for (const endpoint of Object.values(SHELL_CALLS)) {
      const code = (endpoint as { permission?: string }).permission;
      expect(mayCall(restricted, endpoint)).toBe(code === undefined || ['car:monitor', 'car:alarm', 'report:mileage'].includes(code));
    }
    expect(mayCall(restricted, { path: '/x', permission: 'car:alarm:process' })).toBe(true); // a button under 报警中心
    expect(mayCall(restricted, { path: '/x', permission: 'system:user' })).toBe(false);
  });
});
