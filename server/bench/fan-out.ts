import { randomBytes } from 'node:crypto';
import type { BoardChange } from '@lp/contract/live';
import { type OpenStream, openStream } from '../test/event-stream.ts';
import type { BenchTarget } from './server.ts';

// The live board's fan-out (issue 13): STREAMS open streams of one cohort's board, then one
// change at a time (a tag put on a learner through the API); each change's delivery latency is
// the time from sending its request to its event arriving on a stream, over every stream and
// change. Goal: p99 under a second on this machine.

const STREAMS = 200;
const CHANGES = 5;
const GOAL_P99_MS = 1000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

async function until(check: () => boolean, what: string, timeoutMs = 60_000) {
  const started = performance.now();
  while (!check()) {
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Runs the fan-out against a bench server; returns whether the goal was met. */
export async function benchFanOut(target: BenchTarget, log: (line: string) => void) {
  const api = (method: string, path: string, body?: object) =>
    fetch(`${target.url}/api${path}`, {
      method,
      headers: {
        authorization: `Token ${target.token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const streams: OpenStream[] = [];
  const tagName = `bench fan-out ${randomBytes(4).toString('hex')}`;
  const tag = (await (await api('POST', '/tags', { name: tagName })).json()) as { id: number };
  try {
    for (let i = 0; i < STREAMS; i++) {
      const stream = await openStream(`${target.url}/api/cohorts/${target.cohortId}/live`, {
        authorization: `Token ${target.token}`,
      });
      if (stream.status !== 200) throw new Error(`stream ${i} answered ${stream.status}`);
      streams.push(stream);
    }
    await until(
      () => streams.every((stream) => stream.events.some((event) => event.event === 'presence')),
      'every stream to open',
    );

    const latencies: number[] = [];
    for (let round = 0; round < CHANGES; round++) {
      const before = streams.map((stream) => stream.events.length);
      const sent = performance.now();
      const response = await api('POST', '/studenttags', {
        student: target.learnerId,
        tag: tag.id,
      });
      if (response.status !== 201) throw new Error(`tagging answered ${response.status}`);
      const link = (await response.json()) as { id: number };
      const arrivals = () =>
        streams.map((stream, i) =>
          stream.events
            .slice(before[i])
            .find(
              (event) =>
                event.event === 'change' &&
                (JSON.parse(event.data) as BoardChange).summary === `tagged "${tagName}"`,
            ),
        );
      await until(() => arrivals().every(Boolean), 'the change on every stream');
      for (const event of arrivals()) if (event) latencies.push(event.receivedAt - sent);
      // Taken off again, so that the next round tags anew.
      await api('DELETE', `/studenttags/${link.id}`);
    }
    latencies.sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const ok = p99 < GOAL_P99_MS;
    log(
      `live fan-out: ${STREAMS} streams × ${CHANGES} changes, delivery p50 ${p50.toFixed(1)} ms, ` +
        `p99 ${p99.toFixed(1)} ms, max ${(latencies.at(-1) ?? Number.NaN).toFixed(1)} ms  ` +
        `p99 < ${GOAL_P99_MS} ms ${ok ? 'PASS' : 'FAIL'}`,
    );
    return ok;
  } finally {
    for (const stream of streams) stream.close();
    await api('DELETE', `/tags/${tag.id}`);
  }
}
