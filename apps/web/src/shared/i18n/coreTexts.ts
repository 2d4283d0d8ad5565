import { MSG } from '@chelian/contracts';

/**
 * The texts the request layer and the login screens use (a part of `T` in messages.ts, which takes them
 * from here): the request layer and 掌上车联's first load import this file alone, so the whole
 * catalogue (system centre, sub-products) stays out of the phone's first load (docs/mobile.md).
 */
export const coreTexts = {
  request: {
    networkError: MSG.networkError,
    sessionExpired: MSG.sessionExpired,
    sessionExpiredTitle: MSG.sessionExpiredTitle,
    sessionExpiredText: MSG.sessionExpiredText,
    close: '关闭',
    login: '登录',
    timeout: (ms: number) => `请求超时（${Math.round(ms / 1000)} 秒未响应），请稍后重试`,
    offline: '网络连接失败，请检查网络后重试',
    aborted: '请求已中止',
    httpStatus: (status: number) => `服务器错误（${status}），请稍后重试`,
    notExcel: '导出失败：服务器未返回 Excel 文件',
    /** a list's load that failed without the server's words (shared/list) */
    loadFailed: '加载失败',
  },
  reload: {
    title: '站点信息加载失败',
    text: '暂时无法获取站点配置，请检查网络后重试。',
    retry: '重新加载',
  },
  routeError: { title: '页面加载失败', text: '页面资源加载出错，可能是系统刚刚更新，请重新加载。' },
  login: {
    welcome: '欢迎登录',
    accountTab: '账号登录',
    smsTab: '短信登录',
    username: '用户名',
    usernamePlaceholder: '请输入用户名',
    password: '密码',
    passwordPlaceholder: '请输入密码',
    showPassword: '显示或隐藏密码',
    captcha: '验证码',
    captchaPlaceholder: '请输入图片验证码',
    captchaRefresh: '看不清？点击图片换一张',
    phone: '手机号',
    phonePlaceholder: '请输入手机号',
    smsCode: '短信验证码',
    smsCodePlaceholder: '请输入短信验证码',
    sendSms: '获取验证码',
    resendIn: (s: number) => `${s} 秒后重试`,
    smsSent: '验证码已发送，请注意查收',
    submit: '登 录',
    required: (field: string) => `请输入${field}`,
    phoneInvalid: '请输入正确的 11 位手机号',
    rememberMe: '记住用户名',
    success: '登录成功',
    legacyTitle: '用户登录',
    copyright: (year: number) => `© ${year} 车联 版权所有`,
    features: ['实时定位监控', '轨迹回放分析', '报警及时推送', '多级账户管理'],
    configFailed: '登录配置加载失败，请刷新页面重试',
    encryptFailed: '密码加密失败，请刷新页面重试',
  },
};
