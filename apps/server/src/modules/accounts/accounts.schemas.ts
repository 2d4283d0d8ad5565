import { Type, type TSchema } from 'typebox';

/** Output schemas of the accounts module (the contracts' types, as JSON schema). */
// The tree is at most three levels deep (root, menu, button); the schema allows five. A
// depth-limited schema serializes reliably where a recursive $ref inside the envelope does not.
function resourceNode(depth: number): TSchema {
  return Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    type: Type.Integer(),
    code: Type.String(),
    path: Type.String(),
    icon: Type.String(),
    platformId: Type.Integer(),
    parentId: Type.Integer(),
    sort: Type.Integer(),
    children: Type.Array(depth > 1 ? resourceNode(depth - 1) : Type.Object({})),
  });
}

/** Output schemas of the accounts module (the contracts' types, as JSON schema). */
export const ResourceNodeSchema = resourceNode(5);

export const SubSystemSchema = Type.Object({
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
});

export const PrivacySchema = Type.Object({ showPhone: Type.Boolean(), shareLocation: Type.Boolean(), allowAssistant: Type.Boolean() });

export const UserInfoSchema = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  accountId: Type.Integer(),
  accountName: Type.String(),
  roleId: Type.Integer(),
  roleName: Type.String(),
  phone: Type.String(),
  phoneBound: Type.Boolean(),
  wxBound: Type.Boolean(),
  email: Type.String(),
  chatLogo: Type.String(),
  theme: Type.String(),
  privacy: PrivacySchema,
  isPlatformAdmin: Type.Boolean(),
  lastLoginAt: Type.Union([Type.Number(), Type.Null()]),
});
