/** Vehicles and groups (car app) as the web reads them; times epoch ms. */

/** GET /car/v4/api/vehicle/list.json → obj Page<Vehicle>; GET …/vehicle/detail.json?vehicleId= → obj Vehicle */
export interface Vehicle {
  vehicleId: number;
  name: string;
  plate: string;
  type: string;
  typeName: string;
  accountId: number;
  accountName: string;
  groupId: number | null;
  groupName: string;
  driver: string;
  driverPhone: string;
  icon: string;
  remark: string;
  created: number;
  /** the bound terminal's fields; '' (and terminalStatusName 未绑定设备) when none is bound */
  terminalId: string;
  protocol: string;
  protocolName: string;
  model: string;
  sim: string;
  online: boolean;
  terminalStatus: string;
  terminalStatusName: string;
  activatedAt: number | null;
  serviceExpiresAt: number | null;
  lastSeenAt: number | null;
}

/** GET /car/v4/api/group/tree.json[?accountId=] → obj GroupNode[] (a group whose parent is not visible is a root) */
export interface GroupNode {
  id: number;
  name: string;
  parentId: number | null;
  accountId: number;
  accountName: string;
  sort: number;
  vehicleCount: number;
  children: GroupNode[];
}

/**
 * GET /car/v4/api/terminal/list.json → obj Page<Terminal>; GET …/terminal/detail.json?terminalId= → obj Terminal.
 * A terminal (the device) as its owner sees it; unassigned ones only a platform administrator sees.
 */
export interface Terminal {
  terminalId: string;
  /** 'jt808' | 'gt06' | 'h02' */
  protocol: string;
  protocolName: string;
  model: string;
  sim: string;
  accountId: number | null;
  accountName: string;
  /** false: platform stock (no account yet) */
  assigned: boolean;
  enabled: boolean;
  /** 'unactivated' | 'active' | 'expired' | 'disabled' */
  status: string;
  statusName: string;
  activatedAt: number | null;
  serviceExpiresAt: number | null;
  online: boolean;
  lastSeenAt: number | null;
  vehicleId: number | null;
  plate: string;
  vehicleName: string;
  remark: string;
  created: number;
}

/** GET /car/v4/api/terminal/list.json query (paging as usual). */
export interface TerminalListQuery {
  current?: number;
  pageSize?: number;
  /** terminal id, SIM or plate */
  keyword?: string;
  protocol?: string;
  accountId?: number;
  /** false: platform stock */
  assigned?: boolean;
  online?: boolean;
  /** in a vehicle */
  bound?: boolean;
}

/** One row of an import file (or of vehicleVerify's input) as checked: `errors` in Chinese, empty when ok. */
export interface ImportRowCheck {
  /** the row's number in the file (1 = first data row) */
  row: number;
  terminalId: string;
  plate: string;
  ok: boolean;
  errors: string[];
}

/** POST /car/v4/api/vehicle/vehicleVerify.json → obj (also the `obj` of a refused import: all or nothing) */
export interface ImportVerifyResult {
  total: number;
  valid: number;
  invalid: number;
  rows: ImportRowCheck[];
}

/** POST /car/v4/api/vehicle/import.json and /car/v4/api/terminal/import.json (multipart file) → obj */
export interface ImportResult {
  /** data rows in the file */
  total: number;
  /** terminals registered or taken into the account */
  terminals: number;
  /** vehicles created */
  vehicles: number;
}
