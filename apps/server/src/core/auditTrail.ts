import type { AuditObjectType } from '@chelian/contracts';

/** One write through the API, as the audit hook (http/auditHook.ts) hands it to the audit log. */
export interface AuditEntry {
  at: Date;
  userId: number | null;
  username: string;
  accountPath: string;
  ip: string;
  method: string;
  path: string;
  action: string;
  /** the object the service named (AuditObjectType), else the endpoint's tag */
  objectType: string;
  objectId: string;
  ok: boolean;
  errorCode: string;
  input: Record<string, unknown>;
  changes: AuditChange | null;
}

/** What a service may tell of the object it changed: which one, and its fields before and after. */
export interface AuditChange {
  objectType?: AuditObjectType;
  objectId?: string | number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Where entries go (modules/audit keeps them); recording never delays or fails a request. */
export interface AuditTrail {
  record(entry: AuditEntry): void;
}
