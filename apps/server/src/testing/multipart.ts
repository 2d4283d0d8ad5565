import type { InjectOptions } from 'fastify';

/** A multipart/form-data body with text fields first, then one file (as browsers send an upload form). */
export function multipart(
  file: { name?: string; fileName: string; content: Buffer | string; type?: string },
  fields: Record<string, string> = {},
): Pick<InjectOptions, 'payload' | 'headers'> {
  const boundary = `----chelian${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="${file.name ?? 'file'}"; filename="${file.fileName}"\r\ncontent-type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
  );
  parts.push(typeof file.content === 'string' ? Buffer.from(file.content) : file.content);
  parts.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
