import { Worker } from 'node:worker_threads';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  /** The status every answer must have; others count as errors. */
  expectStatus: number;
  connections: number;
  durationMs: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  bytesPerAnswer: number;
}

// The load generator runs in a worker thread (its own core), in plain Node: a keep-alive agent,
// N clients each sending its next request when the previous answer is read, for a fixed time.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, headers, expectStatus, connections, durationMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const target = new URL(url);
const latencies = [];
let errors = 0;
let bytes = 0;
const end = performance.now() + durationMs;
function once() {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers },
      (response) => {
        let size = 0;
        response.on('data', (chunk) => { size += chunk.length; });
        response.on('end', () => {
          latencies.push(performance.now() - started);
          bytes += size;
          if (response.statusCode !== expectStatus) errors += 1;
          resolve();
        });
      },
    );
    request.on('error', () => { errors += 1; resolve(); });
    request.end();
  });
}
async function client() {
  while (performance.now() < end) await once();
}
const started = performance.now();
Promise.all(Array.from({ length: connections }, client)).then(() => {
  const elapsed = performance.now() - started;
  agent.destroy();
  parentPort.postMessage({ latencies: Float64Array.from(latencies), errors, bytes, elapsed });
});
`;

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number);

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerSource, {
      eval: true,
      workerData: { headers: {}, ...options },
    });
    worker.once('error', reject);
    worker.once(
      'message',
      (message: { latencies: Float64Array; errors: number; bytes: number; elapsed: number }) => {
        const sorted = message.latencies.sort();
        void worker.terminate();
        resolve({
          requests: sorted.length,
          errors: message.errors,
          requestsPerSecond: (sorted.length / message.elapsed) * 1000,
          p50: percentile(sorted, 0.5),
          p99: percentile(sorted, 0.99),
          bytesPerAnswer: sorted.length ? message.bytes / sorted.length : 0,
        });
      },
    );
  });
}
