// The one API client: base URL, token header, JSON bodies, error mapping, session expiry.
import { clearSession, endsSession, getToken } from './session.ts';

export const API_BASE = (import.meta.env.VITE_API_URL ?? '/api').replace(/\/+$/, '');

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** The message of a failed request, for a toast or a line on the page. */
export const errorText = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Query parameters; arrays repeat the key, null/undefined are left out. */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /** Use this token instead of the session's (sign-in steps); 401s are then left to the caller. */
  token?: string;
  signal?: AbortSignal;
  /** More request headers (e.g. If-Match). */
  headers?: Record<string, string>;
  /**
   * Send the body as it is, with this content type, instead of as JSON: text, or a file's bytes
   * (an ArrayBuffer: a roster CSV, whose encoding the server tells from its bytes).
   */
  bodyType?: string;
  /**
   * Whose cookies go with the request: the browser's default (the page's own origin only), or
   * 'include' for the API's cookies on another origin too (sign-in's device cookie).
   */
  credentials?: RequestCredentials;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The app decides what the user sees when a signed-in session is refused (toast, redirect). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values)
      if (item !== undefined && item !== null) params.append(key, String(item));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

function messageOf(body: unknown, text: string, status: number): string {
  if (typeof body === 'object' && body !== null) {
    const fields = body as Record<string, unknown>;
    for (const key of ['message', 'reason', 'detail']) {
      if (typeof fields[key] === 'string' && fields[key]) return fields[key];
    }
  }
  const trimmed = text.trim();
  if (trimmed && trimmed.length < 300 && !trimmed.startsWith('<')) return trimmed;
  return `The server answered ${status}. Please try again.`;
}

async function readBody(response: Response): Promise<{ body: unknown; text: string }> {
  if (response.status === 204) return { body: undefined, text: '' };
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') && text) {
    try {
      return { body: JSON.parse(text), text };
    } catch {
      return { body: undefined, text };
    }
  }
  return { body: text || undefined, text };
}

/** An answer with its headers (e.g. the history entry id of an undoable change). */
export interface Answered<T> {
  body: T;
  headers: Headers;
}

/** Sends a request with the session's token; an answer that is not 2xx becomes an ApiError. */
async function send(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions,
  accept: string,
): Promise<Response> {
  const sessionToken = options.token === undefined ? getToken() : null;
  const token = options.token ?? sessionToken;
  const headers: Record<string, string> = { Accept: accept, ...options.headers };
  if (token) headers.Authorization = `Token ${token}`;
  if (body !== undefined) headers['Content-Type'] = options.bodyType ?? 'application/json';
  const payload =
    body === undefined
      ? undefined
      : options.bodyType
        ? body instanceof ArrayBuffer
          ? body
          : String(body)
        : JSON.stringify(body);

  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      body: payload,
      signal: options.signal,
      ...(options.credentials ? { credentials: options.credentials } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  if (!response.ok) {
    const { body: answer, text } = await readBody(response);
    if (response.status === 401 && sessionToken && endsSession(sessionToken)) {
      clearSession();
      onUnauthorized();
    }
    throw new ApiError(response.status, messageOf(answer, text, response.status), answer);
  }
  return response;
}

export async function requestWithHeaders<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Answered<T>> {
  const response = await send(method, path, body, options, 'application/json');
  const { body: answer } = await readBody(response);
  return { body: answer as T, headers: response.headers };
}

/** A file the API answers (a CSV export): its bytes and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/**
 * GETs a file with the session's token. A link cannot carry the `Authorization` header, so the
 * file is fetched and then handed to the browser (`saveFile`).
 */
export async function download(
  path: string,
  options: RequestOptions = {},
): Promise<DownloadedFile> {
  const response = await send('GET', path, undefined, options, '*/*');
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), filename };
}

export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  return (await requestWithHeaders<T>(method, path, body, options)).body;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, body, options),
  del: <T = void>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('DELETE', path, body, options),
};
