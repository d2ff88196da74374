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

export async function requestWithHeaders<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Answered<T>> {
  const sessionToken = options.token === undefined ? getToken() : null;
  const token = options.token ?? sessionToken;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers.Authorization = `Token ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }

  const { body: answer, text } = await readBody(response);
  if (!response.ok) {
    if (response.status === 401 && sessionToken && endsSession(sessionToken)) {
      clearSession();
      onUnauthorized();
    }
    throw new ApiError(response.status, messageOf(answer, text, response.status), answer);
  }
  return { body: answer as T, headers: response.headers };
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
