/** Chinese messages the server and web share (spec §8). One place, so an English locale can follow. */
export const MSG = {
  success: '操作成功',
  networkError: '网络异常',
  sessionExpired: '登录超时',
  sessionExpiredTitle: '会话过期',
  sessionExpiredText: '当前会话已过期，请重新登录',
  addressFailed: '获取位置失败',
} as const;
