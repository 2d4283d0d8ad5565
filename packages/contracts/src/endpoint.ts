import type { Static, TSchema } from 'typebox';
import type { PermissionCode } from './resources.ts';

/**
 * One HTTP endpoint, declared once for both sides: the server registers its route from this
 * (validation, serialization, access, permission, OpenAPI), the web calls it with `call()` and
 * gets the answer's type from here.
 *
 * - `GET|POST`: the spec names some paths without their method; both answer, with the same input
 *   (query string or form body). The web uses GET.
 * - `input`: the query string of a GET, the body of a POST (form-encoded unless `encoding` says
 *   otherwise). `query`: a POST's query-string fields beside its body (uploads).
 * - `answer`: the envelope's `obj`. Endpoints that send something else say so in `produces`
 *   (a file download, our binary track format, a script, a WebSocket, or the JSON envelope
 *   written piece by piece — 'stream' — for an answer too long to hold whole; a payment provider's
 *   notification — 'callback' — answered in the provider's own protocol); they have no `answer`.
 */
export interface EndpointSpec {
  method: 'GET' | 'POST' | 'GET|POST';
  path: string;
  /** What it does, in Chinese: the OpenAPI summary and the audit log's action. */
  summary: string;
  /** Which part of the product it belongs to (OpenAPI tag). */
  tag: string;
  /** 'public' needs no session (default 'session'). */
  access?: 'public' | 'session';
  /** The resource code the caller's role must hold. */
  permission?: PermissionCode;
  encoding?: 'form' | 'json' | 'multipart';
  input?: TSchema;
  query?: TSchema;
  answer?: TSchema;
  produces?: 'excel' | 'binary' | 'script' | 'websocket' | 'image' | 'stream' | 'callback';
}

/** Declares an endpoint; the literal types are kept so both sides see its exact schemas. */
export const endpoint = <const E extends EndpointSpec>(spec: E): E => spec;

type StaticOr<S, Else> = S extends TSchema ? Static<S> : Else;

/** What the caller sends: the input's fields (and a POST's query-string fields). */
export type InputOf<E extends EndpointSpec> = StaticOr<E['input'], unknown> & StaticOr<E['query'], unknown>;

/** What the envelope's obj holds on success. */
export type AnswerOf<E extends EndpointSpec> = StaticOr<E['answer'], null>;
