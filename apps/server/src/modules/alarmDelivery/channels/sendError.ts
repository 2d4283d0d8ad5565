/** How one attempt ended: what the delivery log keeps. */
export interface SendResult {
  ok: boolean;
  httpStatus: number | null;
  /** In Chinese; '' when it worked. */
  error: string;
  durationMs: number;
}

const BY_CODE: Record<string, string> = {
  ECONNREFUSED: '连接被拒绝',
  ECONNRESET: '连接被对方重置',
  EPIPE: '连接被对方关闭',
  ENOTFOUND: '域名解析失败',
  EAI_AGAIN: '域名解析失败（DNS 暂时不可用）',
  ETIMEDOUT: '连接超时',
  ECONNABORTED: '连接中断',
  EHOSTUNREACH: '主机不可达',
  ENETUNREACH: '网络不可达',
  EPRIVATETARGET: '目标地址属于内网或本机，不允许推送',
  CERT_HAS_EXPIRED: '对方 HTTPS 证书已过期',
  DEPTH_ZERO_SELF_SIGNED_CERT: '对方 HTTPS 证书为自签名证书，校验失败',
  SELF_SIGNED_CERT_IN_CHAIN: '对方 HTTPS 证书链含自签名证书，校验失败',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: '无法校验对方 HTTPS 证书',
  ERR_TLS_CERT_ALTNAME_INVALID: '对方 HTTPS 证书与域名不符',
};

/** A network failure in Chinese, naming the system's code when it is not one we know. */
export function networkErrorText(err: unknown): string {
  const e = err as { code?: string; message?: string };
  if (e?.code && BY_CODE[e.code]) return BY_CODE[e.code];
  if (e?.code) return `发送失败（${e.code}）`;
  return `发送失败：${e?.message ?? String(err)}`.slice(0, 300);
}

/** An HTTP answer other than 2xx. */
export function httpStatusText(status: number): string {
  if (status === 408 || status === 504) return `HTTP ${status}：对方处理超时`;
  if (status === 429) return `HTTP ${status}：对方限流，请求过于频繁`;
  if (status === 401 || status === 403) return `HTTP ${status}：对方拒绝访问（请检查签名密钥或鉴权设置）`;
  if (status === 404) return `HTTP ${status}：对方地址不存在`;
  if (status >= 500) return `HTTP ${status}：对方服务器错误`;
  if (status >= 300 && status < 400) return `HTTP ${status}：对方要求重定向（不跟随，请填写最终地址）`;
  return `HTTP ${status}：对方拒绝了请求`;
}
