import type { Db } from '../../db/types.ts';
import { messagesQueries } from './messages.queries.ts';

/** A new platform opens with a welcome announcement and a getting-started notice, not an empty inbox. */
export async function seedMessages(db: Db) {
  const any = await db.one('SELECT 1 FROM help_messages LIMIT 1');
  if (any) return;
  await messagesQueries.insert(db, {
    accountId: null,
    userId: null,
    type: 'announcement',
    title: '欢迎使用车联智能管理平台',
    content:
      '车联平台已上线：实时监控、轨迹回放、报警处理、指令下发与数据报表均可在对应子系统中使用。\n终端接入端口：JT/T 808 为 5015，GT06 为 5023，H02 为 5013。',
  });
  await messagesQueries.insert(db, {
    accountId: null,
    userId: null,
    type: 'notice',
    title: '账号安全提醒',
    content: '为了您的账号安全，请在“安全中心”绑定手机号并定期修改密码。初始密码请在首次登录后立即修改。',
  });
}
