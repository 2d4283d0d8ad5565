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
