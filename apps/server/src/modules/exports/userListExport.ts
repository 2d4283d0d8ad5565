import { beijingDisplayText } from '@chelian/contracts/beijingTime.ts';
import { workbook, type ExportKind } from './excelWorkbook.ts';
import { exportsQueries } from './exports.queries.ts';

// The account's users: the first real export, useful to every administrator.
export const userListExport: ExportKind = {
  type: 'userList',
  title: '用户列表',
  permissions: ['system:user'], // 用户管理's list
  async generate(ctx, job) {
    const rows = await exportsQueries.usersOfSubtree(ctx.db, job.account_id);
    const content = workbook(
      '用户列表',
      [
        { header: '用户名', key: 'username' },
        { header: '姓名', key: 'name' },
        { header: '所属账户', key: 'account', width: 24 },
        { header: '角色', key: 'role' },
        { header: '手机号', key: 'phone' },
        { header: '最近登录', key: 'lastLogin', width: 22 },
      ],
      rows.map((r) => ({
        ...r,
        phone: r.phone ? `${r.phone.slice(0, 3)}****${r.phone.slice(-4)}` : '',
        lastLogin: r.last_login_at ? beijingDisplayText(r.last_login_at.getTime()) : '',
      })),
    );
    return { fileName: `用户列表-${job.id}.xlsx`, content };
  },
};
