// The one stand-in for EventSource in component tests: records every stream the code opens, and
// lets a test open it, send it events and drop it as a server would.
import { vi } from 'vitest';

export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readonly url: string;
  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(url: string | URL, opened: FakeEventSource[]) {
    super();
    this.url = String(url);
    opened.push(this);
  }

  /** The stream's query: `ticket`, `last_event_id`. */
  get query(): URLSearchParams {
    return new URL(this.url, 'http://localhost').searchParams;
  }

  get closed(): boolean {
    return this.readyState === FakeEventSource.CLOSED;
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server answered: the stream is open. */
  open(): void {
    this.readyState = FakeEventSource.OPEN;
    const event = new Event('open');
    this.onopen?.(event);
    this.dispatchEvent(event);
  }

  /** An event of this kind with `data` as JSON (and `id` as its SSE id). */
  send(kind: string, data?: unknown, id = ''): void {
    if (this.closed) throw new Error('The stream is closed.');
    const event = new MessageEvent(kind, {
      data: data === undefined ? '' : JSON.stringify(data),
      lastEventId: id,
    });
    if (kind === 'message') this.onmessage?.(event);
    this.dispatchEvent(event);
  }

  /** The connection broke: a browser would retry with the same URL; the code decides. */
  drop(): void {
    this.readyState = FakeEventSource.CONNECTING;
    const event = new Event('error');
    this.onerror?.(event);
    this.dispatchEvent(event);
  }
}

/** Replaces the global EventSource (unstubbed after each test) and returns the streams opened. */
export function fakeEventSources() {
  const opened: FakeEventSource[] = [];
  vi.stubGlobal(
    'EventSource',
    class extends FakeEventSource {
      constructor(url: string | URL) {
        super(url, opened);
      }
    },
  );
  return {
    opened,
    /** The most recently opened stream. */
    latest: (): FakeEventSource => {
      const stream = opened.at(-1);
      if (!stream) throw new Error('No stream was opened.');
      return stream;
    },
  };
}
