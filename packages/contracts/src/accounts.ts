/**
 * Accounts, users and roles: the caller's own user, resource tree and sub-products (spec §3, §6),
 * and the system sub-product's administration (platform 12) of accounts (dealers, customers,
 * sub-accounts to any depth), their users and roles — always inside the caller's subtree.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { ThemeSchema } from './auth.ts';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import type { SubSystem } from './platforms.ts';
import { Id, Nullable, OneOf, PageQuery, pageOf } from './schemas.ts';
import { PERSON_ACCOUNT_KIND } from './endUsers.ts';

export const PrivacySettingsSchema = Type.Object({
  /** show full phone numbers of drivers to sub-accounts */
  showPhone: Type.Boolean(),
  /** share location data with the dealer account above */
  shareLocation: Type.Boolean(),
  /** allow the assistant to read the user's fleet data */
  allowAssistant: Type.Boolean(),
});
export type PrivacySettings = Static<typeof PrivacySettingsSchema>;

export const UserInfoSchema = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  accountId: Type.Integer(),
  accountName: Type.String(),
  roleId: Type.Integer(),
  roleName: Type.String(),
  /** masked, e.g. 138****8000, or '' */
  phone: Type.String(),
  phoneBound: Type.Boolean(),
  wxBound: Type.Boolean(),
  email: Type.String(),
  chatLogo: Type.String(),
  theme: ThemeSchema,
  privacy: PrivacySettingsSchema,
  isPlatformAdmin: Type.Boolean(),
  lastLoginAt: Nullable(Type.Number()),
});
export type UserInfo = Static<typeof UserInfoSchema>;

const resourceFields = {
  id: Type.Integer(),
  name: Type.String(),
  /** 3 = button permission, anything else a menu item */
  type: Type.Integer(),
  /** permission key, e.g. 'car:command:send' (button) or 'car:monitor' (menu) */
  code: Type.String(),
  path: Type.String(),
  icon: Type.String(),
  platformId: Type.Integer(),
  parentId: Type.Integer(),
  sort: Type.Integer(),
};
export const RESOURCE_TYPE_BUTTON = 3;

/** Resource tree node (spec §3). */
export type ResourceNode = Static<ReturnType<typeof Type.Object<typeof resourceFields>>> & { children: ResourceNode[] };

// Depth-limited rather than a recursive $ref, which does not serialize reliably inside the
// envelope. Resources are at most three levels deep (root, menu, button); accounts any depth, the
// schema allows twelve.
function resourceNode(depth: number): Type.TSchema {
  return Type.Object({ ...resourceFields, children: Type.Array(depth > 1 ? resourceNode(depth - 1) : Type.Object({})) });
}
const ResourceTreeSchema = Type.Unsafe<ResourceNode[]>(Type.Array(resourceNode(5)));

const accountTreeFields = { accountId: Type.Integer(), accountName: Type.String() };
export type AccountTreeNode = Static<ReturnType<typeof Type.Object<typeof accountTreeFields>>> & { children: AccountTreeNode[] };
function accountTreeNode(depth: number): Type.TSchema {
  return Type.Object({ ...accountTreeFields, children: Type.Array(depth > 1 ? accountTreeNode(depth - 1) : Type.Object({})) });
}
const AccountTreeSchema = Type.Unsafe<AccountTreeNode[]>(Type.Array(accountTreeNode(12)));

const SubSystemSchema = Type.Unsafe<SubSystem>(
  Type.Object({
    platformId: Type.Integer(),
    systemId: Type.String(),
    name: Type.String(),
    title: Type.String(),
    path: Type.String(),
    icon: Type.String(),
    iconfont: Type.String(),
    productionEntry: Type.String(),
    developmentEntry: Type.String(),
    created: Type.String(),
    enabled: Type.Boolean(),
  }),
);

/** The kinds an administrator gives an account. */
export const ACCOUNT_KINDS = ['dealer', 'customer'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
/**
 * Every kind an account is (accounts.kind): the platform's root account, the kinds an administrator
 * gives, and 掌上车联's 个人用户 (endUsers.ts).
 */
export const PLATFORM_ACCOUNT_KIND = 'platform';
export const STORED_ACCOUNT_KINDS = [PLATFORM_ACCOUNT_KIND, ...ACCOUNT_KINDS, PERSON_ACCOUNT_KIND] as const;
export type StoredAccountKind = (typeof STORED_ACCOUNT_KINDS)[number];

/** An account of the caller's subtree; depth 0 is the caller's own account. */
export const AccountSchema = Type.Object({
  id: Type.Integer(),
  parentId: Nullable(Type.Integer()),
  name: Type.String(),
  kind: OneOf(STORED_ACCOUNT_KINDS),
  contact: Type.String(),
  phone: Type.String(),
  enabled: Type.Boolean(),
  expiresAt: Nullable(Type.Number()),
  created: Type.Number(),
  depth: Type.Integer(),
  /** What it still holds (a delete is refused while any is above 0). */
  childCount: Type.Integer(),
  terminalCount: Type.Integer(),
  /** 车辆 and 电单车 (the kinds that drive); people wearing badges and pets apart (docs/asset-kinds.md) */
  vehicleCount: Type.Integer(),
  personCount: Type.Integer(),
  petCount: Type.Integer(),
  userCount: Type.Integer(),
});
export type Account = Static<typeof AccountSchema>;

const accountFields = {
  name: Type.String({ maxLength: 50 }),
  /** The form sends an account's kind as it is: a 个人用户 stays one, another not of ACCOUNT_KINDS is saved as customer. */
  kind: Type.Optional(OneOf(STORED_ACCOUNT_KINDS)),
  contact: Type.Optional(Type.String({ maxLength: 50 })),
  phone: Type.Optional(Type.String({ maxLength: 20 })),
  enabled: Type.Optional(Type.Boolean()),
  /** epoch ms; null or 0 never expires */
  expiresAt: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 8.64e15 }))),
};
/** parentId defaults to the caller's own account. */
const AccountAddInput = Type.Object({ parentId: Type.Optional(Id()), ...accountFields });
const AccountUpdateInput = Type.Object({ id: Id(), ...accountFields });
export type AccountAddInput = Static<typeof AccountAddInput>;
export type AccountUpdateInput = Static<typeof AccountUpdateInput>;

export const AdminUserSchema = Type.Object({
  id: Type.Integer(),
  accountId: Type.Integer(),
  accountName: Type.String(),
  roleId: Type.Integer(),
  roleName: Type.String(),
  username: Type.String(),
  name: Type.String(),
  /** masked, e.g. 138****8000; '' when none (SMS login needs one) */
  phone: Type.String(),
  enabled: Type.Boolean(),
  lastLoginAt: Nullable(Type.Number()),
});
export type AdminUser = Static<typeof AdminUserSchema>;

const UserQuery = Type.Intersect([
  PageQuery,
  Type.Object({ accountId: Type.Optional(Id()), keyword: Type.Optional(Type.String({ maxLength: 50 })) }),
]);
export type AdminUserQuery = Static<typeof UserQuery>;

const userFields = {
  accountId: Id(),
  roleId: Id(),
  name: Type.Optional(Type.String({ maxLength: 50 })),
  /** for SMS login; omitted on update keeps the current one, '' removes it */
  phone: Type.Optional(Type.String({ maxLength: 20 })),
  enabled: Type.Optional(Type.Boolean()),
};
/** password: RSA-encrypted and base64, like login. */
const UserAddInput = Type.Object({ ...userFields, username: Type.String({ maxLength: 32 }), password: Type.String({ maxLength: 1024 }) });
const UserUpdateInput = Type.Object({ id: Id(), ...userFields });
export type UserAddInput = Static<typeof UserAddInput>;
export type UserUpdateInput = Static<typeof UserUpdateInput>;

export const RoleSchema = Type.Object({
  id: Type.Integer(),
  accountId: Type.Integer(),
  accountName: Type.String(),
  name: Type.String(),
  description: Type.String(),
  isAdmin: Type.Boolean(),
  /** The caller's own role: shown, never editable by its holder. */
  isOwn: Type.Boolean(),
  userCount: Type.Integer(),
  resourceIds: Type.Array(Type.Integer()),
});
export type Role = Static<typeof RoleSchema>;

const RoleSaveInput = Type.Object({
  id: Type.Optional(Id()),
  accountId: Id(),
  name: Type.String({ maxLength: 50 }),
  description: Type.Optional(Type.String({ maxLength: 200 })),
  resourceIds: Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: 1000 }),
});
export type RoleSaveInput = Static<typeof RoleSaveInput>;

const Saved = Type.Object({ id: Type.Integer() });
const ResourceQuery = Type.Object({
  version: Type.Optional(Type.String({ maxLength: 16 })),
  from: Type.Optional(Type.String({ maxLength: 32 })),
});

const ACCOUNT = '/car/v4/api/account';
const USER = '/car/v4/api/user';
const TAG = '账户与权限';

export const accountEndpoints = {
  currentUser: endpoint({
    method: 'GET',
    path: '/car/v1/api/user/getUser.json',
    tag: TAG,
    summary: '查询当前用户',
    answer: UserInfoSchema,
  }),
  /** The caller's account and every account below it, nested (the shell's vehicle-group selector). */
  customerTree: endpoint({
    method: 'GET',
    path: `${ACCOUNT}/customerTree.json`,
    tag: TAG,
    summary: '查询账户树',
    answer: AccountTreeSchema,
  }),
  /** The resources the caller's role holds, nested; also what the caller may grant. */
  resourceTree: endpoint({
    method: 'GET',
    path: '/car/v1/api/resource/newList.json',
    tag: TAG,
    summary: '查询权限资源树',
    input: ResourceQuery,
    answer: ResourceTreeSchema,
  }),
  resourceList: endpoint({
    method: 'GET',
    path: '/car/v1/api/resource/list.json',
    tag: TAG,
    summary: '查询权限资源列表',
    input: ResourceQuery,
    answer: ResourceTreeSchema,
  }),
  /** roleId may only name the caller's own role. */
  platforms: endpoint({
    method: 'GET',
    path: '/car/v1/api/platform/getPlatformByRoleId.json',
    tag: TAG,
    summary: '查询角色可用的子系统',
    input: Type.Object({ roleId: Type.Optional(Id()) }),
    answer: Type.Array(SubSystemSchema),
  }),

  accountList: endpoint({
    method: 'GET',
    path: `${ACCOUNT}/list.json`,
    tag: TAG,
    summary: '查询账户列表',
    permission: 'system:account',
    answer: Type.Array(AccountSchema),
  }),
  accountAdd: endpoint({
    method: 'POST',
    path: `${ACCOUNT}/add.json`,
    tag: TAG,
    summary: '新增账户',
    permission: 'system:account:add',
    input: AccountAddInput,
    answer: Saved,
  }),
  accountUpdate: endpoint({
    method: 'POST',
    path: `${ACCOUNT}/update.json`,
    tag: TAG,
    summary: '编辑账户',
    permission: 'system:account:edit',
    input: AccountUpdateInput,
    answer: Saved,
  }),
  /** Refused while the account holds sub-accounts, terminals or vehicles; its users and roles go with it. */
  accountDelete: endpoint({
    method: 'POST',
    path: `${ACCOUNT}/delete.json`,
    tag: TAG,
    summary: '删除账户',
    permission: 'system:account:delete',
    input: Type.Object({ id: Id() }),
    answer: Saved,
  }),

  userList: endpoint({
    method: 'GET',
    path: `${USER}/list.json`,
    tag: TAG,
    summary: '查询用户列表',
    permission: 'system:user',
    input: UserQuery,
    answer: pageOf(AdminUserSchema),
  }),
  userAdd: endpoint({
    method: 'POST',
    path: `${USER}/add.json`,
    tag: TAG,
    summary: '新增用户',
    permission: 'system:user:add',
    input: UserAddInput,
    answer: Saved,
  }),
  userUpdate: endpoint({
    method: 'POST',
    path: `${USER}/update.json`,
    tag: TAG,
    summary: '编辑用户',
    permission: 'system:user:edit',
    input: UserUpdateInput,
    answer: Saved,
  }),
  userResetPassword: endpoint({
    method: 'POST',
    path: `${USER}/resetPassword.json`,
    tag: TAG,
    summary: '重置用户密码',
    permission: 'system:user:resetPassword',
    input: Type.Object({ id: Id(), password: Type.String({ maxLength: 1024 }) }),
    answer: Saved,
  }),

  roleList: endpoint({
    method: 'GET',
    path: '/car/v4/api/role/list.json',
    tag: TAG,
    summary: '查询角色列表',
    permission: 'system:role',
    input: Type.Object({ accountId: Type.Optional(Id()) }),
    answer: Type.Array(RoleSchema),
  }),
  roleSave: endpoint({
    method: 'POST',
    path: '/car/v4/api/role/save.json',
    tag: TAG,
    summary: '保存角色',
    permission: 'system:role:edit',
    encoding: 'json',
    input: RoleSaveInput,
    answer: Saved,
  }),
};

export const ACCOUNT_ERRORS = defineErrors('account', {
  accountNotFound: { msg: '账户不存在或无权访问', status: 404 },
  nameRequired: '请输入账户名称',
  contactPhoneInvalid: '联系电话格式不正确',
  ownAccountLocked: '不能修改本账户的状态，请联系上级账户',
  ownAccountDelete: '不能删除本账户，请联系上级账户',
  stillHolds: '账户“{name}”下仍有{what}，请先转移或删除后再删除账户',
  passwordNotEncrypted: '密码未加密，请刷新页面后重试',
  weakPassword: '密码长度8-32位，须同时包含字母和数字',
  usernameInvalid: '用户名为3-32位字母、数字或 _ . @ -',
  usernameTaken: '用户名已存在',
  phoneInvalid: '手机号格式不正确',
  phoneTaken: '该手机号已被其他用户绑定',
  userNotFound: { msg: '用户不存在或无权访问', status: 404 },
  disableSelf: '不能停用当前登录的用户',
  roleNotUsable: '所选角色不可用于该账户',
  roleNotFound: { msg: '角色不存在或无权访问', status: 404 },
  roleNameRequired: '请输入角色名称',
  roleExceedsGrantor: '不能分配超出本人权限范围的菜单或按钮',
  adminRoleLocked: '平台管理员角色不可修改',
  ownRoleLocked: '不能修改本人所用的角色，请联系上级账户',
});
