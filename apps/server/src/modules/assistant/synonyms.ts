/**
 * Everyday words operators type, each with the platform's own words for the same thing. A
 * question is searched with the platform's words added, so "定位器掉线" meets the entries that
 * say 终端 and 离线. Only added, never replaced: the asker's own words still count.
 */
export const PLATFORM_WORDS: ReadonlyArray<readonly [everyday: RegExp, platform: string]> = [
  [/定位器|GPS|gps|追踪器|跟踪器|北斗|盒子/, '终端 设备'],
  [/掉线|断线|没信号|不在线|不上线|连不上/, '离线'],
  [/限速/, '限速 超速'],
  [/开快车|开太快|飙车|开得快/, '超速'],
  [/走过的路|跑了哪些地方|去过哪|跑过的地方|行驶路线|历史路线|跑哪了/, '轨迹 回放'],
  [/现在.*在哪|都在哪|在哪里|在哪儿|跑哪去/, '位置 实时'],
  [/停了多久|停多久|停车时长|停在哪|在哪停车/, '停留'],
  [/车队分组|按车队|分车队|车队分开/, '分组'],
  [/油电|断油|熄火断电|发个?命令|发指令/, '指令 下发'],
  [/远程锁|锁车|锁电动车|锁电瓶车|锁住/, '锁车 控制'],
  [/响铃|走丢|丢了/, '寻宠'],
  [/电瓶车|电驴|电动车/, '电单车'],
  [/租客|租车的人/, '骑手'],
  [/拉黑|老赖/, '黑名单'],
  [/交钱|收钱|付款|租金|车费|没交/, '账单 收款'],
  [/欠钱|欠费不还|不还钱/, '逾期 催缴'],
  [/上牌/, '备案 登记'],
  [/着火|起火|过热|发烫/, '温度 电池安全'],
  [/打火|发动|开钥匙/, '点火 ACC'],
  [/保洁|环卫|清扫|保安|员工|工人/, '工牌'],
  [/巡逻|巡检/, '巡更'],
  [/上班时间|几点上班|排班/, '班次'],
  [/打卡|迟到|早退|缺勤|出勤/, '考勤'],
  [/logo|LOGO|Logo/, '图标 品牌'],
  [/经销商|代理商|客户/, '账户'],
  [/账号/, '用户'],
  [/充值|续期|交年费/, '续费'],
  [/有个表|表格|名单|清单|Excel|excel/, '报表 导出'],
  [/月报|月底|每个月|按月/, '月度 汇总'],
  [/短信|发到手机|手机上收到/, '推送'],
  [/谁删|谁改|谁动|谁登录|谁操作/, '操作日志 操作记录'],
  [/飘|乱跳|跳点|跳来跳去/, '漂移'],
  [/插.{0,3}卡|SIM|sim|流量卡|物联网卡|电话卡/, 'SIM卡 4G'],
  [/马上报位置|马上定位|立刻定位|报个位置/, '立即定位'],
  [/负责的|划片|划一片|片区/, '责任区域'],
  [/发.{0,3}公告|发通知|群发|发消息/, '发布 内容发布'],
  [/开了多远|跑了多远|开了多少公里|跑了多少公里|多少公里/, '里程'],
  [/没来|没到岗|来上班|上班了没/, '考勤 缺勤'],
  [/不能启动|启动不了|不让开|开不走/, '断油断电 指令'],
  [/被偷|丢车|被盗/, '防盗 设防'],
  [/入职|开权限|给权限|给他权限/, '角色 权限 用户'],
  [/换.{0,2}项圈|换.{0,2}定位器|换绑/, '绑定'],
  [/狗|猫/, '宠物'],
  [/项圈/, '宠物 终端'],
];

/** The question with the platform's words for the everyday words in it. */
export function withPlatformWords(question: string): string {
  const added = PLATFORM_WORDS.filter(([everyday]) => everyday.test(question)).map(([, words]) => words);
  return added.length ? `${question} ${added.join(' ')}` : question;
}
