import { randomBytes, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { BackupSummary } from './dump.ts';

/*
 * While the server runs on the embedded database, its data folder is open in that process and
 * no other may open it: `npm run backup` asks the running process to write the backup. The
 * server listens for that on 127.0.0.1 only, on a port of its own (never the app's, whatever
 * HOST says), and answers only requests that carry the secret it wrote into the data folder
 * (readable by the folder's owner alone).
 */

const CONTROL_FILE = 'learning-platform-control.json';

interface ControlFile {
  pid: number;
  port: number;
  secret: string;
}

export interface Control {
  stop(): Promise<void>;
}

const readBody = async (request: IncomingMessage) => {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return body;
};

const sameSecret = (given: string, secret: string) =>
  given.length === secret.length && timingSafeEqual(Buffer.from(given), Buffer.from(secret));

export async function startControl(
  dataDir: string,
  backUp: (file: string) => Promise<BackupSummary>,
): Promise<Control> {
  const secret = randomBytes(32).toString('hex');
  const server = createServer(async (request, response) => {
    const answer = (status: number, body: object) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (!sameSecret(request.headers.authorization ?? '', `Bearer ${secret}`))
      return answer(401, { message: 'Wrong secret' });
    if (request.method === 'GET' && request.url === '/status')
      return answer(200, { running: true });
    if (request.method !== 'POST' || request.url !== '/backup')
      return answer(404, { message: 'Not found' });
    try {
      const { file } = JSON.parse(await readBody(request)) as { file: string };
      answer(200, await backUp(file));
    } catch (error) {
      answer(500, { message: error instanceof Error ? error.message : String(error) });
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const path = join(dataDir, CONTROL_FILE);
  const contents: ControlFile = { pid: process.pid, port, secret };
  await writeFile(path, JSON.stringify(contents), { mode: 0o600 });
  return {
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      // Another process may have started on the folder since (this one was stopped meanwhile).
      const current = await readControl(dataDir);
      if (current?.secret === secret) await rm(path, { force: true });
    },
  };
}

async function readControl(dataDir: string): Promise<ControlFile | null> {
  try {
    return JSON.parse(await readFile(join(dataDir, CONTROL_FILE), 'utf8')) as ControlFile;
  } catch {
    return null;
  }
}

/**
 * A request to the server running on `dataDir`; null when none runs there (no control file, or
 * one left by a process that was killed: nothing listens on its port any more).
 */
async function askServer(dataDir: string, path: string, body?: object): Promise<Response | null> {
  const control = await readControl(dataDir);
  if (!control) return null;
  try {
    return await fetch(`http://127.0.0.1:${control.port}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        authorization: `Bearer ${control.secret}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    return null;
  }
}

/** Whether a server process has `dataDir` open. */
export async function serverIsRunning(dataDir: string): Promise<boolean> {
  const response = await askServer(dataDir, '/status');
  return response?.status === 200;
}

/** Has the server running on `dataDir` write a backup to `file`; null when none runs there. */
export async function backUpThroughServer(
  dataDir: string,
  file: string,
): Promise<BackupSummary | null> {
  const response = await askServer(dataDir, '/backup', { file });
  if (!response || response.status === 401) return null;
  const body = (await response.json()) as BackupSummary | { message: string };
  if ('message' in body) throw new Error(`The running server could not back up: ${body.message}`);
  return body;
}
