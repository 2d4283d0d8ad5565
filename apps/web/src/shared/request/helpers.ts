import { runtimeConfig } from '../config/runtimeConfig.ts';
import { storage } from '../storage/storage.ts';
import { request, type Params, type RequestConfig } from './http.ts';
import { fileNameFromDisposition } from './interpret.ts';
import { requestEffects } from './effects.ts';

export type Options = Pick<RequestConfig, 'silent' | 'signal' | 'timeout' | 'headers' | 'params'>;

/** Form bodies: undefined/null fields are left out, arrays joined by commas, objects as JSON text. */
export function toForm(data: Params = {}): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) form.append(key, value.join(','));
    else if (typeof value === 'object') form.append(key, JSON.stringify(value));
    else form.append(key, String(value));
  }
  return form;
}

export async function get<T>(url: string, params?: Params, options: Options = {}): Promise<T> {
  return (await request<T>({ ...options, method: 'GET', url, params })).data;
}

/** GET of one of our binary formats: the bytes, or the failure envelope handled like any other. */
export async function getBytes(url: string, params?: Params, options: Options = {}): Promise<ArrayBuffer> {
  return (await request<ArrayBuffer>({ ...options, method: 'GET', url, params, responseType: 'arraybuffer' })).data;
}

export async function postForm<T>(url: string, data?: Params, options: Options = {}): Promise<T> {
  return (await request<T>({ ...options, method: 'POST', url, body: toForm(data) })).data;
}

export async function postJson<T>(url: string, data?: unknown, options: Options = {}): Promise<T> {
  const body = JSON.stringify(data ?? {});
  return (await request<T>({ ...options, method: 'POST', url, body, headers: { ...options.headers, 'Content-Type': 'application/json' } }))
    .data;
}

/** Multipart upload: a FormData, or fields whose Blob values become file parts. */
export async function upload<T>(url: string, data: FormData | Params, options: Options = {}): Promise<T> {
  let body: FormData;
  if (data instanceof FormData) body = data;
  else {
    body = new FormData();
    for (const [key, value] of Object.entries(data)) {
      if (value === undefined || value === null) continue;
      body.append(key, value instanceof Blob ? value : String(value));
    }
  }
  return (await request<T>({ ...options, method: 'POST', url, body })).data;
}

/** Blob POST that saves the Excel file the server returns (a response without flag, spec §8). */
export async function downloadExcel(url: string, data?: Params, fallbackName = 'export.xlsx', options: Options = {}): Promise<string> {
  const response = await request<Blob>({ ...options, method: 'POST', url, body: toForm(data), responseType: 'blob' });
  const name = fileNameFromDisposition(response.headers['content-disposition'] ?? '') || fallbackName;
  saveBlob(response.data, name);
  return name;
}

export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Builds the export address: base + path + params + sessionId (the iframe cannot send headers). */
export function exportUrl(url: string, params: Params = {}, sessionId = storage.getSessionId()): string {
  const query = toForm({ ...params, sessionId });
  const base = /^https?:\/\//.test(url) ? url : `${runtimeConfig().baseUrl}${url}`;
  return `${base}${base.includes('?') ? '&' : '?'}${query.toString()}`;
}

/** Export through a hidden iframe with the sessionId appended; the browser saves the attachment. */
export function iframeExport(url: string, params: Params = {}): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.style.display = 'none';
  frame.setAttribute('data-export', 'true');
  frame.src = exportUrl(url, params);
  // An envelope (error) loaded into the frame instead of a file: show its msg.
  frame.onload = () => {
    try {
      const text = frame.contentDocument?.body?.innerText ?? '';
      if (text.trim().startsWith('{')) {
        const env = JSON.parse(text) as { msg?: string };
        if (env.msg) requestEffects().toastError(env.msg);
      }
    } catch {
      /* cross-origin or a file: nothing to read */
    }
  };
  document.body.appendChild(frame);
  setTimeout(() => frame.remove(), 120_000);
  return frame;
}
