/**
 * The whole resource tree, with stable ids: menus (type 1), group roots (type 0) and button
 * permissions (type 3). Ids never change once shipped; roles reference them. The server seeds it
 * at start; its codes are the permission codes of the endpoint table (a typed union, so a route
 * or a button naming a code the tree lacks does not compile).
 */
export interface ResourceSeed {
  id: number;
  parentId: number;
  name: string;
  type: 0 | 1 | 3;
  code: string;
  path: string;
  icon: string;
  platformId: number;
  sort: number;
}

type Node = readonly [id: number, name: string, code: string, path: string, children?: readonly Node[]];

function menu(platformId: number, parentId: number, nodes: readonly Node[], out: ResourceSeed[]) {
  nodes.forEach(([id, name, code, path, children], sort) => {
    // Buttons have no path of their own; their ids are their menu's id followed by two digits.
    out.push({ id, parentId, name, type: path === '' ? 3 : 1, code, path, icon: '', platformId, sort });
    if (children) menu(platformId, id, children, out);
  });
}

const TREE = [
  [
    0,
    [
      [
        1601,
        '系统中心',
        'center',
        '/center',
        [
          [1602, '站内信', 'center:notice', '/center/notice'],
          [1603, '安全中心', 'center:security', '/center/security'],
          [1604, '下载中心', 'center:download', '/center/download'],
          [1605, '公告详情', 'center:noticeDetail', '/center/detail'],
          [1606, '报警设置', 'center:alarmSetting', '/center/alarmSetting'],
          [1607, '推送设置', 'center:alarmPush', '/center/alarmPush'],
        ],
      ],
    ],
  ],
  [
    8,
    [
      [
        8000,
        '智能车联',
        'car',
        '/car/',
        [
          [8001, '实时监控', 'car:monitor', '/car/monitor'],
          [8002, '车辆跟踪', 'car:follow', '/car/follow'],
          [8003, '轨迹回放', 'car:playback', '/car/playback'],
          [8004, '报警中心', 'car:alarm', '/car/alarm', [[800401, '报警处理', 'car:alarm:process', '']]],
          [8005, '指令下发', 'car:command', '/car/command', [[800501, '下发指令', 'car:command:send', '']]],
          [8006, '电子围栏', 'car:geofence', '/car/geofence', [[800601, '编辑围栏', 'car:geofence:edit', '']]],
          [
            8007,
            '车辆管理',
            'car:vehicle',
            '/car/vehicle',
            [
              [800701, '新增车辆', 'car:vehicle:add', ''],
              [800702, '编辑车辆', 'car:vehicle:edit', ''],
              [800703, '删除车辆', 'car:vehicle:delete', ''],
              [800704, '批量导入', 'car:vehicle:import', ''],
            ],
          ],
          [8008, '车辆分组', 'car:group', '/car/group', [[800801, '编辑分组', 'car:group:edit', '']]],
        ],
      ],
    ],
  ],
  [
    11,
    [
      [
        11000,
        '智能工牌',
        'card',
        '/card/',
        [
          [11001, '工牌定位', 'card:monitor', '/card/monitor', [[1100101, '监听回拨', 'card:monitor:call', '']]],
          [11004, '人员管理', 'card:staff', '/card/staff', [[1100401, '编辑人员', 'card:staff:edit', '']]],
          [11003, '工牌管理', 'card:device', '/card/device', [[1100301, '绑定工牌', 'card:device:edit', '']]],
          [11005, '责任区域', 'card:area', '/card/area', [[1100501, '分配区域', 'card:area:edit', '']]],
          [11006, '排班管理', 'card:shift', '/card/shift', [[1100601, '编辑班次', 'card:shift:edit', '']]],
          [11002, '考勤记录', 'card:attendance', '/card/attendance', [[1100201, '修正考勤', 'card:attendance:edit', '']]],
          [11007, '巡更管理', 'card:patrol', '/card/patrol', [[1100701, '编辑巡更', 'card:patrol:edit', '']]],
          [11008, '轨迹回放', 'card:playback', '/card/playback'],
          [11009, '报警中心', 'card:alarm', '/card/alarm', [[1100901, '报警规则', 'card:alarm:edit', '']]],
          [11010, '统计报表', 'card:report', '/card/report'],
        ],
      ],
    ],
  ],
  [
    12,
    [
      [
        12000,
        '系统管理',
        'system',
        '/system/',
        [
          [
            12001,
            '账户管理',
            'system:account',
            '/system/account',
            [
              [1200101, '新增账户', 'system:account:add', ''],
              [1200102, '编辑账户', 'system:account:edit', ''],
              [1200103, '删除账户', 'system:account:delete', ''],
            ],
          ],
          [
            12002,
            '用户管理',
            'system:user',
            '/system/user',
            [
              [1200201, '新增用户', 'system:user:add', ''],
              [1200202, '编辑用户', 'system:user:edit', ''],
              [1200203, '重置密码', 'system:user:resetPassword', ''],
            ],
          ],
          [12003, '角色权限', 'system:role', '/system/role', [[1200301, '编辑角色', 'system:role:edit', '']]],
          [
            12004,
            '终端管理',
            'system:terminal',
            '/system/terminal',
            [
              [1200401, '分配终端', 'system:terminal:assign', ''],
              [1200402, '导入终端', 'system:terminal:import', ''],
              [1200403, '续费', 'system:terminal:renew', ''],
              [1200404, '激活', 'system:terminal:activate', ''],
              [1200405, '待接入终端', 'system:terminal:adopt', ''],
            ],
          ],
          [12005, '品牌设置', 'system:branding', '/system/branding', [[1200501, '编辑品牌', 'system:branding:edit', '']]],
          [12006, '内容发布', 'system:notice', '/system/notice', [[1200601, '发布内容', 'system:notice:publish', '']]],
          [12007, '操作日志', 'system:audit', '/system/audit'],
          [12008, '地图设置', 'system:mapSettings', '/system/mapSettings', [[1200801, '修改地图设置', 'system:mapSettings:edit', '']]],
        ],
      ],
    ],
  ],
  [
    13,
    [
      [
        13000,
        '宠物卫士',
        'pet',
        '/pet/',
        [
          [13001, '宠物定位', 'pet:monitor', '/pet/monitor', [[1300101, '寻宠控制', 'pet:monitor:control', '']]],
          [13002, '宠物档案', 'pet:profile', '/pet/profile', [[1300201, '编辑档案', 'pet:profile:edit', '']]],
          [13005, '足迹热力', 'pet:history', '/pet/history'],
          [13004, '活动统计', 'pet:activity', '/pet/activity'],
          [13003, '安全区域', 'pet:fence', '/pet/fence', [[1300301, '编辑安全区域', 'pet:fence:edit', '']]],
        ],
      ],
    ],
  ],
  [
    17,
    [
      [
        17000,
        '数据中心',
        'dataCenter',
        '/dataCenter/',
        [
          [17001, '数据总览', 'dataCenter:overview', '/dataCenter/overview'],
          [17002, '运营大屏', 'dataCenter:screen', '/dataCenter/screen'],
        ],
      ],
    ],
  ],
  [
    18,
    [
      [
        18000,
        '电单车卫士',
        'elecCar',
        '/elec-car/',
        [
          [18004, '我的车辆', 'elecCar:bikes', '/elec-car/bikes', [[1800401, '绑定车辆', 'elecCar:bikes:edit', '']]],
          [18001, '车辆监控', 'elecCar:monitor', '/elec-car/monitor', [[1800101, '控制车辆', 'elecCar:monitor:control', '']]],
          [18002, '防盗设防', 'elecCar:guard', '/elec-car/guard', [[1800201, '修改设置', 'elecCar:guard:edit', '']]],
          [18005, '行程停留', 'elecCar:trips', '/elec-car/trips'],
          [18006, '电子围栏', 'elecCar:fence', '/elec-car/fence', [[1800601, '绑定围栏', 'elecCar:fence:edit', '']]],
          [18007, '报警记录', 'elecCar:alarm', '/elec-car/alarm', [[1800701, '推送开关', 'elecCar:alarm:edit', '']]],
          [18003, '电池管理', 'elecCar:battery', '/elec-car/battery'],
        ],
      ],
    ],
  ],
  [
    20,
    [
      [
        20000,
        '数据报表',
        'report',
        '/data-report/',
        [
          [20001, '里程报表', 'report:mileage', '/data-report/dataReport/mileageReport'],
          [20002, '报警明细', 'report:alarm', '/data-report/dataReport/alarmInfo'],
          [20003, '在线明细', 'report:online', '/data-report/dataReport/carDayOnline'],
          [20004, '停留报表', 'report:stay', '/data-report/dataReport/stayReport'],
          [20005, '行程报表', 'report:trip', '/data-report/dataReport/tripReport'],
          [20006, '超速报表', 'report:overspeed', '/data-report/dataReport/overspeedReport'],
          [20007, 'ACC报表', 'report:acc', '/data-report/dataReport/accReport'],
          [20011, '月度汇总', 'report:monthly', '/data-report/dataReport/monthlyReport'],
          [20008, '离线报表', 'report:offline', '/data-report/dataReport/offlineReport'],
          [20009, '到期报表', 'report:expire', '/data-report/dataReport/expireReport'],
          [20010, '报警处理统计', 'report:alarmHandle', '/data-report/dataReport/alarmHandleReport'],
          [2000001, '导出报表', 'report:export', ''],
        ],
      ],
    ],
  ],
  [
    23,
    [
      [
        23000,
        '电单车租赁',
        'lease',
        '/elec-lease/',
        [
          [23009, '门店人员', 'lease:store', '/elec-lease/store', [[2300901, '编辑门店', 'lease:store:edit', '']]],
          [23004, '骑手管理', 'lease:rider', '/elec-lease/rider', [[2300401, '编辑骑手', 'lease:rider:edit', '']]],
          [23002, '租赁车辆', 'lease:vehicle', '/elec-lease/vehicle', [[2300201, '编辑车辆', 'lease:vehicle:edit', '']]],
          [23005, '租赁方案', 'lease:plan', '/elec-lease/plan', [[2300501, '编辑方案', 'lease:plan:edit', '']]],
          [23001, '租赁订单', 'lease:order', '/elec-lease/order', [[2300101, '办理订单', 'lease:order:edit', '']]],
          [23003, '租金账单', 'lease:bill', '/elec-lease/bill', [[2300301, '收款退款', 'lease:bill:pay', '']]],
          [
            23006,
            '逾期风控',
            'lease:risk',
            '/elec-lease/risk',
            [
              [2300601, '锁车催缴', 'lease:risk:lock', ''],
              [2300602, '风控设置', 'lease:risk:edit', ''],
            ],
          ],
          [23007, '服务区域', 'lease:area', '/elec-lease/area', [[2300701, '设置区域', 'lease:area:edit', '']]],
          [23008, '运营统计', 'lease:stats', '/elec-lease/stats'],
        ],
      ],
    ],
  ],
  [
    26,
    [
      [
        26000,
        '新国标',
        'gb',
        '/elec-gb/',
        [
          [
            26001,
            '备案登记',
            'gb:record',
            '/elec-gb/record',
            [
              [2600101, '编辑备案', 'gb:record:edit', ''],
              [2600102, '删除备案', 'gb:record:delete', ''],
              [2600103, '批量导入', 'gb:record:import', ''],
            ],
          ],
          [26002, '申报二维码', 'gb:declare', '/elec-gb/declare', [[2600201, '审核申报', 'gb:declare:review', '']]],
          [26003, '电池安全', 'gb:battery', '/elec-gb/battery'],
          [26004, '报警记录', 'gb:alarm', '/elec-gb/alarm'],
          [26005, '统计分析', 'gb:stats', '/elec-gb/stats'],
        ],
      ],
    ],
  ],
] as const satisfies ReadonlyArray<readonly [platformId: number, nodes: readonly Node[]]>;

type CodesOf<Nodes> = Nodes extends readonly (infer N)[] ? CodeOf<N> : never;
type CodeOf<N> = N extends readonly [number, string, infer C extends string, string, infer Children]
  ? C | CodesOf<Children>
  : N extends readonly [number, string, infer C extends string, string]
    ? C
    : never;

/** Every resource code of the tree: what a role can be granted and a route can require. */
export type PermissionCode = CodesOf<(typeof TREE)[number][1]>;

export const RESOURCES: readonly ResourceSeed[] = (() => {
  const out: ResourceSeed[] = [];
  for (const [platformId, nodes] of TREE) menu(platformId, 0, nodes, out);
  return out;
})();

export const RESOURCE_BY_CODE: ReadonlyMap<string, ResourceSeed> = new Map(RESOURCES.map((r) => [r.code, r]));
