/**
 * Thirty questions as operators might word them, none a copy of a suggested question, each with
 * the knowledge entry (or data question) that answers it. Written before the retrieval was tuned
 * and kept as they were: the retrieval test requires at least 90 % of them to land right.
 */
export const PARAPHRASES: ReadonlyArray<readonly [question: string, expected: string]> = [
  ['怎么给员工开一个子账号？', 'subUser'],
  ['我想新建一个登录用户给司机用', 'subUser'],
  ['新买的车辆怎么录入到平台', 'addAsset'],
  ['批量导入车辆和设备的方法', 'addAsset'],
  ['在哪里看车现在跑到哪了', 'location'],
  ['怎样查看车辆昨天走过的路线', 'trackAlarms'],
  ['历史报警记录在哪查', 'trackAlarms'],
  ['终端服务到期以后怎么充值续期', 'renew'],
  ['设备欠费停用了怎么办', 'renew'],
  ['发了断油电命令没反应', 'commandFail'],
  ['下发的指令一直显示未执行', 'commandFail'],
  ['车辆位置更新很慢，隔好久才刷新', 'slowUpload'],
  ['为什么定位数据延迟这么大', 'slowUpload'],
  ['车辆一直不在线是什么原因', 'offline'],
  ['终端掉线了如何处理', 'offline'],
  ['定位器应该装在车上哪个位置', 'install'],
  ['设备接线方法', 'install'],
  ['设备电池怎么充电，要充多久', 'charging'],
  ['电动车充不进电', 'charging'],
  ['停车时位置到处乱跳', 'drift'],
  ['轨迹偏离道路很远', 'drift'],
  ['新设备到手后如何开通使用', 'activate'],
  ['终端未激活怎么处理', 'activate'],
  ['你们平台能接哪些型号的定位器', 'protocols'],
  ['支持部标808协议吗', 'protocols'],
  ['设备要设置的服务器IP地址和端口', 'domainPort'],
  ['终端连接平台的地址是什么', 'domainPort'],
  ['设备上的红灯一直闪代表什么', 'lights'],
  ['绿灯常亮是什么意思', 'lights'],
  ['2G网络退网了，4G定位器插什么卡', 'fourG'],
];
