import type { Job } from '@lp/contract/jobs';
import type { Kysely } from 'kysely';
import { expect, vi } from 'vitest';
import type { Database } from '../src/db/schema.ts';

/** How a test reaches the API: the in-process app or a server process over HTTP. */
export type GetJson = (path: string) => Promise<{ status: number; body: unknown }>;

/**
 * The job once it has ended (done or failed), as GET /jobs/{id} answers it. Polls until then;
 * `timeout` bounds a run that never ends.
 */
export async function jobEnded(get: GetJson, id: number, timeout = 60_000): Promise<Job> {
  return vi.waitFor(
    async () => {
      const { status, body } = await get(`/jobs/${id}`);
      expect(status).toBe(200);
      const job = body as Job;
      expect(['done', 'failed']).toContain(job.status);
      return job;
    },
    { timeout, interval: 20 },
  );
}

/** The in-process app's GET with a token, as `jobEnded` wants it. */
export const injected =
  (
    request: (options: {
      method: 'GET';
      url: string;
      token: string;
    }) => Promise<{ statusCode: number; json(): unknown }>,
    token: string,
  ): GetJson =>
  async (path) => {
    const response = await request({ method: 'GET', url: `/api${path}`, token });
    return { status: response.statusCode, body: response.json() };
  };

/**
 * Waits until the queue has nothing due or running: the outside effects of the requests so far
 * (Slack messages, repositories) and their audit rows have happened. Jobs waiting for a later
 * attempt do not count.
 */
export async function jobsSettled(db: Kysely<Database>, timeout = 60_000): Promise<void> {
  await vi.waitFor(
    async () => {
      const busy = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['queued', 'running'])
        .where('run_at', '<=', new Date())
        .executeTakeFirstOrThrow();
      expect(Number(busy.n)).toBe(0);
    },
    { timeout, interval: 20 },
  );
}
