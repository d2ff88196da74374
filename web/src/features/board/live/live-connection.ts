// The board's live stream (contract/live.ts): a short-lived ticket from
// POST /cohorts/{id}/live/ticket (the session's token travels in the header, never in a URL), then
// an EventSource on GET /cohorts/{id}/live?ticket=…. A ticket opens one stream, so EventSource's
// own retry (same URL, spent ticket) cannot reconnect: every error closes the source and a new
// ticket is asked for after a backoff, with `last_event_id` on the stream URL so the server
// replays what was missed (or answers `resync`).
// Going offline does not always break an open stream (it can sit on a dead connection for
// minutes), so the browser's own offline and online events close it and open it again at once;
// and a stream that has sent nothing, not even its heartbeat, for much longer than the heartbeats
// come is taken for dead the same way.
import type { BoardChange, BoardPresence, LiveHeartbeat, LiveTicket } from '@lp/contract/live';
import { ApiError, api, apiUrl } from '@/lib/api-client.ts';

/** 'reconnecting' from the first drop until a stream is open again; 'off' when refused for good. */
export type LiveStatus = 'connecting' | 'open' | 'reconnecting' | 'off';

export interface LiveHandlers {
  change: (change: BoardChange) => void;
  presence: (presence: BoardPresence) => void;
  /** Changes may have been missed (the server said so, or the stream has just opened): refetch. */
  resync: () => void;
  status: (status: LiveStatus) => void;
}

/** Waits before the next attempt: about 1, 2, 4 … s, at most 30 s, each 0–20 % later at random. */
export function reconnectDelay(attempt: number, random = Math.random()): number {
  return Math.min(30_000, 1_000 * 2 ** attempt) * (1 + random * 0.2);
}

/** A refusal that another attempt will not change (not staff, no such cohort, signed out). */
const refusedForGood = (error: unknown) =>
  error instanceof ApiError && [401, 403, 404].includes(error.status);

/** A stream silent for this many of its heartbeat intervals is taken for dead. */
const SILENT_INTERVALS = 2.5;

function parse<T>(event: Event): T | null {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as T;
  } catch {
    return null;
  }
}

/** Opens the cohort's stream and keeps it open until the returned function is called. */
export function connectLive(cohortId: number, on: LiveHandlers): () => void {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastEventId: string | null = null;
  let attempt = 0;
  let stopped = false;
  let offline = false;
  /** Each opening's number: one that an offline, online or stop overtook gives up. */
  let opening = 0;
  /** How long the stream may stay silent (from its heartbeats), and the timer that watches it. */
  let silenceMs: number | null = null;
  let watchdog: ReturnType<typeof setTimeout> | null = null;

  const unwatch = () => {
    if (watchdog) clearTimeout(watchdog);
    watchdog = null;
  };
  /** Something arrived on the stream: it is alive until it stays silent for too long. */
  const heard = (stream: EventSource) => {
    if (stream !== source) return;
    unwatch();
    if (silenceMs !== null) watchdog = setTimeout(() => stream === source && retry(), silenceMs);
  };

  const retry = () => {
    unwatch();
    source?.close();
    source = null;
    if (stopped) return;
    on.status('reconnecting');
    if (offline) return;
    timer = setTimeout(() => {
      timer = null;
      void open();
    }, reconnectDelay(attempt));
    attempt += 1;
  };

  const listen = (stream: EventSource) => {
    stream.addEventListener('open', () => {
      if (stream !== source) return;
      attempt = 0;
      heard(stream);
      on.status('open');
      // What changed before the stream opened (since the board was read, or while the stream was
      // down) is read again; the board's ETag makes that cheap when nothing did.
      on.resync();
    });
    stream.addEventListener('error', () => {
      if (stream === source) retry();
    });
    stream.addEventListener('change', (event) => {
      heard(stream);
      const change = parse<BoardChange>(event);
      if (!change) return;
      lastEventId = (event as MessageEvent).lastEventId || change.id;
      on.change(change);
    });
    stream.addEventListener('presence', (event) => {
      heard(stream);
      const presence = parse<BoardPresence>(event);
      if (presence) on.presence(presence);
    });
    stream.addEventListener('resync', () => {
      heard(stream);
      on.resync();
    });
    stream.addEventListener('heartbeat', (event) => {
      // The first one names where the stream started: a reconnect before any change resumes there.
      const at = (event as MessageEvent).lastEventId;
      if (at) lastEventId = at;
      const interval = parse<LiveHeartbeat>(event)?.interval_ms;
      if (typeof interval === 'number' && interval > 0) silenceMs = interval * SILENT_INTERVALS;
      heard(stream);
    });
  };

  const open = async () => {
    const mine = ++opening;
    const overtaken = () => stopped || mine !== opening;
    let ticket: LiveTicket;
    try {
      ticket = await api.post<LiveTicket>(`/cohorts/${cohortId}/live/ticket`);
    } catch (error) {
      if (overtaken()) return;
      if (refusedForGood(error)) on.status('off');
      else retry();
      return;
    }
    if (overtaken()) return;
    source = new EventSource(
      apiUrl(`/cohorts/${cohortId}/live`, { ticket: ticket.ticket, last_event_id: lastEventId }),
    );
    listen(source);
  };

  const wentOffline = () => {
    offline = true;
    opening += 1;
    if (timer) clearTimeout(timer);
    timer = null;
    retry();
  };
  const cameOnline = () => {
    if (!offline || stopped) return;
    offline = false;
    attempt = 0;
    void open();
  };
  window.addEventListener('offline', wentOffline);
  window.addEventListener('online', cameOnline);

  on.status('connecting');
  void open();
  return () => {
    stopped = true;
    opening += 1;
    window.removeEventListener('offline', wentOffline);
    window.removeEventListener('online', cameOnline);
    unwatch();
    if (timer) clearTimeout(timer);
    source?.close();
    source = null;
  };
}
