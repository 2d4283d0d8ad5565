import type { Db } from '../../db/types.ts';
import { messagesQueries } from './messages.queries.ts';

/** What the first start wrote before the notice named the configured ports and host; a later start replaces it. */
const FIXED_PORTS_WELCOME =
  '车联平台已上线：实时监控、轨迹回放、报警处理、指令下发与数据报表均可在对应子系统中使用。\n终端接入端口：JT/T 808 为 5015，GT06 为 5023，H02 为 5013。';

/** The welcome: {{host}} and {{port:…}} are filled from the running configuration when it is read (messages.routes.ts). */
export const WELCOME_CONTENT =
  '车联平台已上线：实时监控、轨迹回放、报警处理、指令下发与数据报表均可在对应子系统中使用。\n' +
  '终端接入地址：{{host}}；端口：JT/T 808 为 {{port:jt808}}，GT06 为 {{port:gt06}}，H02 为 {{port:h02}}，手表协议为 {{port:watch}}。';

/** A new platform opens with a welcome announcement and a getting-started notice, not an empty inbox. */
export async function seedMessages(db: Db) {
  const any = await db.one('SELECT 1 FROM help_messages LIMIT 1');
  if (any) {
    await db.query(`UPDATE help_messages SET content = $2 WHERE account_id IS NULL AND type = 'announcement' AND content = $1`, [
      FIXED_PORTS_WELCOME,
      WELCOME_CONTENT,
    ]);
    return;
  }
  await messagesQueries.insert(db, {
    accountId: null,
    userId: null,
    type: 'announcement',
    title: '欢迎使用车联智能管理平台',
    content: WELCOME_CONTENT,
  });
  await messagesQueries.insert(db, {
    accountId: null,
    userId: null,
    type: 'notice',
    title: '账号安全提醒',
    content: '为了您的账号安全，请在“安全中心”绑定手机号并定期修改密码。初始密码请在首次登录后立即修改。',
  });
}
