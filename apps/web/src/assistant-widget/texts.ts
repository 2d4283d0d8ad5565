/** Every text the assistant widget shows, zh-CN (one place, so another locale can follow). */
export const W = {
  open: '打开AI智能助手',
  close: '关闭',
  clear: '清空记录',
  cleared: '对话记录已清空',
  placeholder: '请输入您的问题，按 Enter 发送',
  send: '发送',
  thinking: '正在思考…',
  welcome: (name: string) => `您好，我是${name}。可以问我平台的使用方法，也可以问您车辆的情况，例如“粤B12345在哪”“今天有哪些报警”。`,
  suggested: '常见问题',
  suggestions: '您可以试试：',
  source: (s: string) => `来源：${s}`,
  sessionExpired: '登录已过期，请重新登录后再提问',
  failed: '网络异常，请稍后再试',
  historyFailed: '对话记录加载失败',
  messages: '对话内容',
};
