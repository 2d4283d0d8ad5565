import type { AnswerOf, EndpointSpec, InputOf } from '@chelian/contracts';
import type { TSchema } from 'typebox';
import { downloadExcel, get, getBytes, postForm, postJson, upload, type Options } from './helpers.ts';

type Fields = Record<string, unknown>;

/** What the call resolves to: the answer's type; an Excel download's saved file name; our binary formats' and images' bytes. */
export type CallResult<E extends EndpointSpec> = E['produces'] extends 'excel'
  ? string
  : E['produces'] extends 'binary' | 'image'
    ? ArrayBuffer
    : AnswerOf<E>;

/** Multipart endpoints take their file beside their (query) fields. */
type InputFor<E extends EndpointSpec> = E['encoding'] extends 'multipart' ? InputOf<E> & { file: Blob } : InputOf<E>;

type HasInput<E extends EndpointSpec> = E['input'] extends TSchema
  ? true
  : E['query'] extends TSchema
    ? true
    : E['encoding'] extends 'multipart'
      ? true
      : false;

/** Arguments: the input (optional when nothing in it is required) and the request options. */
export type CallArgs<E extends EndpointSpec> =
  HasInput<E> extends false
    ? [input?: undefined, options?: CallOptions]
    : object extends InputFor<E>
      ? [input?: InputFor<E>, options?: CallOptions]
      : [input: InputFor<E>, options?: CallOptions];

export type CallOptions = Options & { /** an Excel download's name when the server gives none */ fileName?: string };

/**
 * The one way pages call the API: an endpoint of the table (packages/contracts) and its input.
 * The method, path and encoding come from the declaration, and so does the answer's type.
 */
export function call<E extends EndpointSpec>(endpoint: E, ...[input, options = {}]: CallArgs<E>): Promise<CallResult<E>> {
  const fields = (input ?? {}) as Fields;
  const { fileName, ...request } = options;
  let promise: Promise<unknown>;
  if (endpoint.produces === 'excel') promise = downloadExcel(endpoint.path, fields, fileName, request);
  // an image behind the session (an inspection photo) is fetched as bytes and shown from a blob URL
  else if (endpoint.produces === 'binary' || endpoint.produces === 'image') promise = getBytes(endpoint.path, fields, request);
  else if (endpoint.method !== 'POST') promise = get(endpoint.path, fields, request);
  else if (endpoint.encoding === 'multipart') {
    const { file, ...query } = fields;
    promise = upload(endpoint.path, { file }, { ...request, params: query });
  } else if (endpoint.encoding === 'json') promise = postJson(endpoint.path, fields, request);
  else promise = postForm(endpoint.path, fields, request);
  return promise as Promise<CallResult<E>>;
}
