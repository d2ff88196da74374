import type { Job } from '@lp/contract/jobs';
import { expect, vi } from 'vitest';

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
