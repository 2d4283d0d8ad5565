/**
 * The assistant's evaluation set (issue 35 item 7): questions the way a driver, a dispatcher, a
 * shop clerk or a pet owner would type them — everyday words, not the platform's own — at least
 * two for every menu the administrator has (the 64 menus of the sub-products and the system
 * centre's pages) and every sub-product's landing page, with the two questions the assistant
 * could not answer when the issue was filed. Written before the retrieval was tuned and kept as
 * written: `evaluation.test.ts` runs it and fails below the threshold docs/assistant.md states.
 *
 * `expect`: the answers that are right — `menu:<code>` (the how-to of a menu of the resource
 * tree), a shipped entry's id (knowledge/*.md), or `intent:<kind>` for a question about the
 * user's own fleet (`intent:offlineNow` is "offline now", without a span). `facts`: words the
 * answer's text must hold besides (a menu's answer always names its own menu path).
 */
export interface EvalCase {
  q: string;
  expect: readonly string[];
  facts?: readonly string[];
}

const c = (q: string, expect: string | readonly string[], facts?: readonly string[]): EvalCase => ({
  q,
  expect: typeof expect === 'string' ? [expect] : expect,
  ...(facts ? { facts } : {}),
});

export const EVALUATION: readonly EvalCase[] = [
  // The two questions of the issue, and the offline question
  c('我新买了一台GPS定位器，怎么添加到平台上？', ['addAsset', 'menu:car:vehicle'], ['车辆管理', '新增车辆']),
  c('怎么设置超速报警？限速想改成80公里', 'overspeed', ['限速', '车辆管理', '报警设置']),
  c('现在有哪些车离线', 'intent:offlineNow'),
  c('现在哪几台车掉线了', 'intent:offlineNow'),
  c('有多少车不在线', 'intent:offlineNow'),

  // 系统中心
  c('站内信在哪看', 'menu:center:notice'),
  c('平台发给我的消息通知去哪里看', 'menu:center:notice'),
  c('我想改一下登录密码', 'menu:center:security'),
  c('微信绑定了怎么解绑', 'menu:center:security'),
  c('导出的表格去哪下载', 'menu:center:download'),
  c('刚才导出的Excel文件找不到了', 'menu:center:download'),
  c('公告的全文在哪看', 'menu:center:noticeDetail'),
  c('系统公告点开看详细内容', 'menu:center:noticeDetail'),
  c('不想让报警一直弹窗响铃，怎么关掉', 'menu:center:alarmSetting'),
  c('哪种报警要提醒可以自己选吗', 'menu:center:alarmSetting'),
  c('报警能不能发短信到我手机上', 'menu:center:alarmPush'),
  c('报警推送到我们自己的系统，webhook怎么配', 'menu:center:alarmPush'),

  // 智能车联
  c('智能车联首页能看到什么', 'menu:car'),
  c('车联网首页的数字是什么意思', 'menu:car'),
  c('地图上看所有车在哪', ['menu:car:monitor', 'location']),
  c('灰色的车是什么意思，跑着的车是绿色吗', 'menu:car:monitor'),
  c('我想一直盯着一辆车看它往哪开', ['menu:car:follow', 'location']),
  c('跟车功能在哪，车动了地图跟着走', 'menu:car:follow'),
  c('司机昨天下午跑了哪些地方', ['menu:car:playback', 'trackAlarms']),
  c('想看看车前天走过的路', ['menu:car:playback', 'trackAlarms']),
  c('车报警了在哪处理', ['menu:car:alarm', 'trackAlarms']),
  c('有个SOS报警怎么标记已处理', 'menu:car:alarm'),
  c('远程断油断电怎么操作', ['menu:car:command', 'commandFail']),
  c('给定位器发个命令让它马上报位置', 'menu:car:command'),
  c('画一个区域，车出去了就报警', 'menu:car:geofence'),
  c('围栏怎么画', ['menu:car:geofence', 'menu:elecCar:fence']),
  c('车牌号录错了怎么改', 'menu:car:vehicle'),
  c('一次导入几百台车', ['menu:car:vehicle', 'addAsset']),
  c('把车按车队分开管理', 'menu:car:group'),
  c('怎么新建一个车队分组', 'menu:car:group'),

  // 智能工牌
  c('智能工牌首页看什么', 'menu:card'),
  c('工牌这个产品的首页', 'menu:card'),
  c('环卫工人现在都在哪', 'menu:card:monitor'),
  c('工牌能不能打电话监听', 'menu:card:monitor'),
  c('新来了个保洁员怎么录进去', 'menu:card:staff'),
  c('员工名单批量导入', 'menu:card:staff'),
  c('工牌给谁戴怎么绑定', 'menu:card:device'),
  c('员工离职了工牌怎么解绑', 'menu:card:device'),
  c('给清扫工划一片负责的地方', 'menu:card:area'),
  c('每个人负责哪条街怎么设置', 'menu:card:area'),
  c('上班时间几点到几点在哪设', 'menu:card:shift'),
  c('夜班跨零点的班次怎么排', 'menu:card:shift'),
  c('谁迟到早退了去哪看', 'menu:card:attendance'),
  c('打卡记录不对，人工改一下考勤', 'menu:card:attendance'),
  c('保安巡逻要经过的点怎么设', 'menu:card:patrol'),
  c('巡逻漏了哪个点能查到吗', 'menu:card:patrol'),
  c('保洁员昨天走过的路线', 'menu:card:playback'),
  c('看看工牌人员的历史轨迹', 'menu:card:playback'),
  c('员工按了SOS在哪看', 'menu:card:alarm'),
  c('人员脱岗了会报警吗，规则在哪改', 'menu:card:alarm'),
  c('这个月员工出勤情况统计', 'menu:card:report'),
  c('工牌的月报表导出', 'menu:card:report'),

  // 系统管理
  c('系统管理首页', 'menu:system'),
  c('系统管理里面都能做什么', 'menu:system'),
  c('给下面的经销商开个账户', ['menu:system:account', 'subUser']),
  c('新客户怎么建一个自己的账户', ['menu:system:account', 'subUser']),
  c('给调度员开个登录账号', ['menu:system:user', 'subUser']),
  c('员工忘记密码了帮他重置', 'menu:system:user'),
  c('司机只能看不能改，权限怎么设', ['menu:system:role', 'subUser']),
  c('让某个人看不到报表菜单', 'menu:system:role'),
  c('设备号批量导进来分给客户', 'menu:system:terminal'),
  c('定位器续费在哪点', ['menu:system:terminal', 'renew']),
  c('登录页的logo和名字换成我们公司的', 'menu:system:branding'),
  c('平台标题怎么改成自己的', 'menu:system:branding'),
  c('发一条公告给所有用户', 'menu:system:notice'),
  c('写一篇帮助文章', 'menu:system:notice'),
  c('谁删了车能查到吗', 'menu:system:audit'),
  c('看看谁登录过、改过什么', 'menu:system:audit'),

  // 宠物卫士
  c('宠物卫士首页', 'menu:pet'),
  c('养宠物的那个产品首页能看啥', 'menu:pet'),
  c('我家狗现在跑哪去了', 'menu:pet:monitor'),
  c('猫丢了怎么让项圈响起来找它', 'menu:pet:monitor'),
  c('给狗狗填名字品种和照片', 'menu:pet:profile'),
  c('宠物资料在哪改', 'menu:pet:profile'),
  c('狗平时最爱去哪些地方', 'menu:pet:history'),
  c('宠物去过的地方热力图', 'menu:pet:history'),
  c('我家猫今天走了多少步', 'menu:pet:activity'),
  c('宠物每天运动量统计', 'menu:pet:activity'),
  c('狗出了小区就通知我', 'menu:pet:fence'),
  c('给宠物设个安全范围', 'menu:pet:fence'),

  // 数据中心
  c('数据中心首页', 'menu:dataCenter'),
  c('数据中心是干嘛的', 'menu:dataCenter'),
  c('车队整体数据一页看全', 'menu:dataCenter:overview'),
  c('多少车在线多少在跑的汇总图表', 'menu:dataCenter:overview'),
  c('大屏在哪打开，投到会议室电视上', 'menu:dataCenter:screen'),
  c('监控中心的可视化大屏', 'menu:dataCenter:screen'),

  // 电单车卫士
  c('电单车卫士首页', 'menu:elecCar'),
  c('电动车那个产品首页显示什么', 'menu:elecCar'),
  c('我的电动车怎么加到平台上', 'menu:elecCar:bikes'),
  c('新买的电瓶车绑定定位器', 'menu:elecCar:bikes'),
  c('手机上远程锁电动车', 'menu:elecCar:monitor'),
  c('看看我的电瓶车在哪停着', 'menu:elecCar:monitor'),
  c('电动车被人推走了能报警吗，怎么设防', 'menu:elecCar:guard'),
  c('电动车的震动报警灵敏度调低点', 'menu:elecCar:guard'),
  c('电动车今天骑了几趟，在哪停过', 'menu:elecCar:trips'),
  c('电瓶车的行程记录', 'menu:elecCar:trips'),
  c('电动车离开学校就提醒我', 'menu:elecCar:fence'),
  c('电瓶车的围栏怎么绑', 'menu:elecCar:fence'),
  c('电动车报警历史在哪看', 'menu:elecCar:alarm'),
  c('电瓶车报警不想推送了', 'menu:elecCar:alarm'),
  c('电瓶还剩多少电，还能骑多远', ['menu:elecCar:battery', 'charging']),
  c('电动车电池的充电记录', ['menu:elecCar:battery', 'charging']),

  // 数据报表
  c('数据报表首页', 'menu:report'),
  c('报表都有哪些', 'menu:report'),
  c('这个月每辆车跑了多少公里', 'menu:report:mileage'),
  c('导出车辆每天的公里数', 'menu:report:mileage'),
  c('上个月的报警记录导出Excel', ['menu:report:alarm', 'trackAlarms']),
  c('查一下某辆车上周的所有报警', ['menu:report:alarm', 'trackAlarms']),
  c('每天在线多长时间的统计', 'menu:report:online'),
  c('车辆上线率报表', 'menu:report:online'),
  c('车在哪停了多久', 'menu:report:stay'),
  c('司机中途在哪里停车休息', 'menu:report:stay'),
  c('每一趟从哪出发到哪结束', 'menu:report:trip'),
  c('车辆出车记录，几点走几点回', 'menu:report:trip'),
  c('哪个司机开快车了', 'menu:report:overspeed'),
  c('超速记录在哪查', 'menu:report:overspeed'),
  c('点火熄火的时间记录', 'menu:report:acc'),
  c('车子每天打火了几次', 'menu:report:acc'),
  c('每个月的汇总报表', 'menu:report:monthly'),
  c('月底要交车队的月报', 'menu:report:monthly'),
  c('离线很久的车有个表吗', ['menu:report:offline', 'offline']),
  c('长时间没信号的设备名单导出', 'menu:report:offline'),
  c('哪些定位器快到期要交钱了，有报表吗', ['menu:report:expire', 'renew']),
  c('到期设备清单导出', ['menu:report:expire', 'renew']),
  c('报警处理了多少没处理多少', 'menu:report:alarmHandle'),
  c('值班员处理报警快不快的统计', 'menu:report:alarmHandle'),

  // 电单车租赁
  c('电单车租赁首页', 'menu:lease'),
  c('租车业务首页看什么', 'menu:lease'),
  c('开一家新门店，店员怎么加', 'menu:lease:store'),
  c('把店员分到门店', 'menu:lease:store'),
  c('租车的人怎么登记身份证', 'menu:lease:rider'),
  c('把老赖拉黑', 'menu:lease:rider'),
  c('哪些电动车可以出租', 'menu:lease:vehicle'),
  c('把车加到出租的车里', 'menu:lease:vehicle'),
  c('日租月租价格怎么定', 'menu:lease:plan'),
  c('押金多少在哪设置', 'menu:lease:plan'),
  c('有人来租车怎么开单', 'menu:lease:order'),
  c('骑手还车了怎么办理', 'menu:lease:order'),
  c('租金收了钱怎么记', 'menu:lease:bill'),
  c('哪些人还没交房租一样的车费', 'menu:lease:bill'),
  c('欠钱不还的车远程锁了', 'menu:lease:risk'),
  c('逾期几天自动锁车在哪设', 'menu:lease:risk'),
  c('只允许在城里骑，出了范围报警', 'menu:lease:area'),
  c('租的车能骑到哪里的范围', 'menu:lease:area'),
  c('这个月租车收入多少', 'menu:lease:stats'),
  c('出租率统计', 'menu:lease:stats'),

  // 新国标
  c('新国标首页', 'menu:gb'),
  c('电动车备案那个产品首页', 'menu:gb'),
  c('电动车上牌登记信息录入', 'menu:gb:record'),
  c('批量导入备案的电动车', 'menu:gb:record'),
  c('二维码申报审核通过', 'menu:gb:declare'),
  c('车上贴的二维码标签怎么下载打印', 'menu:gb:declare'),
  c('电池温度高不高，会不会着火', 'menu:gb:battery'),
  c('电池安全情况查看', 'menu:gb:battery'),
  c('新国标车的报警在哪看', 'menu:gb:alarm'),
  c('备案车辆电池过温报警记录', 'menu:gb:alarm'),
  c('备案了多少辆车的统计', 'menu:gb:stats'),
  c('新国标审核通过率图表', 'menu:gb:stats'),

  // Added after the first run, for menus the set had missed (the system centre's landing) or that
  // came after it (地图设置, issue 34); not changed by tuning.
  c('系统中心里有什么', 'menu:center'),
  c('右上角个人中心能设置什么', 'menu:center'),
  c('地图想换成高德的', 'menu:system:mapSettings'),
  c('地址解析的key在哪填', 'menu:system:mapSettings'),

  // Written in session 18, after the set's misses were fixed and before running these: a fresh
  // sample across the products, asked as a boss, a fleet manager, a shop clerk or a pet owner would.
  // Their first score is in docs/assistant.md; they are not changed by tuning.
  c('司机晚上偷偷把车开出去了，能查到吗', ['menu:car:playback', 'menu:report:acc', 'menu:report:trip', 'trackAlarms']),
  c('车子在一个地方停了一个多小时的有哪些', 'menu:report:stay'),
  c('这个月谁开超速最多', 'menu:report:overspeed'),
  c('车子一天打了几次火', 'menu:report:acc'),
  c('每一趟出车从哪开到哪', 'menu:report:trip'),
  c('报警有没有人管，谁处理的', ['menu:report:alarmHandle', 'menu:car:alarm']),
  c('我想知道车一天在线多长时间', 'menu:report:online'),
  c('电瓶车的电还能跑多远', ['menu:elecCar:battery', 'menu:elecCar:monitor']),
  c('电动车昨天骑去哪了', 'menu:elecCar:trips'),
  c('电动车半夜被人挪动了会提醒吗', ['menu:elecCar:guard', 'menu:elecCar:alarm']),
  c('狗今天走了多少步', 'menu:pet:activity'),
  c('猫跑出小区能不能提醒我', 'menu:pet:fence'),
  c('给狗狗改个名字换张照片', 'menu:pet:profile'),
  c('租车的人到期不还车怎么办', ['menu:lease:risk', 'menu:lease:order']),
  c('新开了一家门店要加进去', 'menu:lease:store'),
  c('这个月租车一共收了多少钱', ['menu:lease:stats', 'menu:lease:bill']),
  c('还车点在哪设置', 'menu:lease:area'),
  c('巡逻的人有没有漏掉哪个点', 'menu:card:patrol'),
  c('今天谁没来上班', 'menu:card:attendance'),
  c('保洁员昨天走的路线回放', 'menu:card:playback'),
  c('谁把我的车删了', 'menu:system:audit'),
  c('平台的名字和图标想换成我们公司的', 'menu:system:branding'),
  c('给下面的代理商开个账户', 'menu:system:account'),
  c('投到墙上大电视的那个页面', 'menu:dataCenter:screen'),
  c('设备还没装到车上，先录进系统', 'menu:system:terminal'),

  // Everyday words for things the shipped entries already answer
  c('定位器装好了一直不上线', 'offline'),
  c('GPS掉线是怎么回事', 'offline'),
  c('设备的服务器地址填什么', 'domainPort'),
  c('定位器插什么卡', 'fourG'),
  c('定位老是飘', 'drift'),
  c('给开车的师傅开个账号让他自己看车', 'subUser'),
];
