import { get, type IncomingHttpHeaders } from 'node:http';

/** One event of a text/event-stream, as an EventSource would dispatch it. */
export interface StreamEvent {
  event: string;
  data: string;
  id?: string;
  /** When it arrived (performance.now()). */
  receivedAt: number;
}

/** A stream being read: its status, the events and comments so far, and how to close it. */
export interface OpenStream {
  status: number;
  contentType: string | undefined;
  /** The answer's headers (a refusal's Retry-After). */
  headers: IncomingHttpHeaders;
  /** The refusal's JSON body when the status is not 200. */
  body: unknown;
  events: StreamEvent[];
  comments: string[];
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Splits stream text into events and comment lines (the parts before the last blank line). */
function parseBlocks(text: string, events: StreamEvent[], comments: string[]) {
  for (const block of text.split('\n\n')) {
    const event: StreamEvent = { event: 'message', data: '', receivedAt: performance.now() };
    const data: string[] = [];
    let fields = 0;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim());
      else if (line) {
        const [name = '', ...rest] = line.split(':');
        const value = rest.join(':').replace(/^ /, '');
        fields += 1;
        if (name === 'event') event.event = value;
        else if (name === 'data') data.push(value);
        else if (name === 'id') event.id = value;
      }
    }
    if (fields > 0 && data.length > 0) events.push({ ...event, data: data.join('\n') });
  }
}

/**
 * Opens an event stream and reads it in the background. Plain node:http, one connection per
 * stream and none kept for later, so closing a stream leaves nothing open on either side.
 */
export function openStream(url: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  return new Promise((resolve, reject) => {
    const request = get(url, { headers, agent: false }, (response) => {
      const status = response.statusCode ?? 0;
      const contentType = response.headers['content-type'];
      let buffer = '';
      const ended = new Promise<void>((done) => {
        response.on('close', done);
        response.on('error', () => done());
      });
      response.setEncoding('utf8');
      if (status !== 200) {
        response.on('data', (chunk: string) => {
          buffer += chunk;
        });
        response.on('end', () =>
          resolve({
            status,
            contentType,
            headers: response.headers,
            body: JSON.parse(buffer),
            events,
            comments,
            ended,
            close: () => {},
          }),
        );
        return;
      }
      response.on('data', (chunk: string) => {
        buffer += chunk;
        const cut = buffer.lastIndexOf('\n\n');
        if (cut >= 0) {
          parseBlocks(buffer.slice(0, cut), events, comments);
          buffer = buffer.slice(cut + 2);
        }
      });
      resolve({
        status,
        contentType,
        headers: response.headers,
        body: null,
        events,
        comments,
        ended,
        close: () => request.destroy(),
      });
    });
    request.on('error', (error) => {
      if (!request.destroyed || !(error as { code?: string }).code?.startsWith('ECONNRESET'))
        reject(error);
    });
  });
}

/** The data of the stream's events of one kind, parsed. */
export const eventsOf = <T>(stream: OpenStream, kind: string): T[] =>
  stream.events.filter((event) => event.event === kind).map((event) => JSON.parse(event.data) as T);
