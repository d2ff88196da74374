import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * How the GitHub and Slack clients call out: a timeout on every request, one retry of a request
 * that is safe to repeat, and respect for the other side's rate limits. Work that must happen
 * eventually belongs in a durable job, not in longer retries here: a request handler is waiting.
 */
export interface HttpPolicy {
  /** Per attempt. */
  timeoutMs?: number;
  /** The longest rate-limit wait worth holding a request for; a longer one is answered as is. */
  maxWaitMs?: number;
  /** How to wait; tests pass one that records the wait instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
  /** The clock that rate-limit reset times are read against. */
  now?: () => number;
}

export interface RequestOptions extends HttpPolicy {
  /**
   * The caller's word that repeating this request does no harm (e.g. a POST the other side
   * answers "already exists" the second time). GET, HEAD, PUT, DELETE and OPTIONS are by method.
   */
  idempotent?: boolean;
}

/**
 * A call GitHub or Slack did not carry out, with what a durable job needs to decide on a retry:
 * the status (null when the other side never answered) and, for a rate limit, the wait it named.
 */
export class OutsideError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
    readonly waitMs: number | null = null,
  ) {
    super(message);
  }

  /** Whether trying again later may succeed: no answer, a server error or a rate limit. */
  get transient(): boolean {
    return this.status === null || this.status >= 500 || this.waitMs !== null;
  }
}

/** The other side's own words from a JSON answer (`message` on GitHub, `error` on Slack). */
export async function outsideMessage(response: Response): Promise<string | null> {
  const body = (await response.json().catch(() => null)) as {
    message?: unknown;
    error?: unknown;
  } | null;
  const said = body?.message ?? body?.error;
  return typeof said === 'string' && said ? said : null;
}

/**
 * A check run before every outside call made in its scope: a job step's (server/src/jobs) that its
 * process still holds the step, so one that stalled past its lease calls out no more.
 */
export const outsideCallGuard = new AsyncLocalStorage<() => Promise<void>>();

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const RETRY_DELAY_MS = 250;
const DEFAULT_MAX_WAIT_MS = 5_000;

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Milliseconds the server asks us to wait before trying again, or null when the answer is not a
 * rate limit. A refusal for rate reasons did nothing, so it may be repeated whatever the method:
 * 429 (Slack and GitHub, with `Retry-After` in seconds or as a date) and GitHub's 403 with
 * `x-ratelimit-remaining: 0` and the reset time in `x-ratelimit-reset` (epoch seconds).
 */
export function rateLimitWait(response: Response, now = Date.now()): number | null {
  const retryAfter = response.headers.get('retry-after');
  const remaining = response.headers.get('x-ratelimit-remaining');
  const reset = response.headers.get('x-ratelimit-reset');
  const limited =
    response.status === 429 ||
    (response.status === 403 && (remaining === '0' || retryAfter !== null));
  if (!limited) return null;
  if (retryAfter !== null) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  if (remaining === '0' && reset !== null && Number.isFinite(Number(reset))) {
    return Math.max(0, Number(reset) * 1000 - now);
  }
  return RETRY_DELAY_MS;
}

/**
 * fetch with a timeout and at most one retry:
 * - a rate-limited answer is retried after the wait it names, when that wait is short enough;
 * - a network error or a 5xx answer is retried only when the request is safe to repeat.
 * Otherwise the first answer (or error) is the caller's to handle.
 */
export async function fetchWithRetry(
  url: string,
  init: RequestInit,
  options: RequestOptions = {},
): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const repeatable = options.idempotent ?? IDEMPOTENT_METHODS.has(method);
  const sleep = options.sleep ?? sleepFor;
  const attempt = async () => {
    await outsideCallGuard.getStore()?.();
    return fetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
  };

  let first: Response;
  try {
    first = await attempt();
  } catch (error) {
    if (!repeatable) throw error;
    await sleep(RETRY_DELAY_MS);
    return attempt();
  }
  const wait = rateLimitWait(first, (options.now ?? Date.now)());
  if (wait !== null) {
    if (wait > (options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS)) return first;
    await first.body?.cancel();
    await sleep(wait);
    return attempt();
  }
  if (first.status >= 500 && repeatable) {
    await first.body?.cancel();
    await sleep(RETRY_DELAY_MS);
    return attempt();
  }
  return first;
}
