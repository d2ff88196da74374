import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCohort, createLearner, createStaff, enrol } from './factories.ts';
import { createTestContext, type TestContext } from './harness.ts';

// How the client and large answers travel: compressed copies made at build time, hashed assets
// kept by browsers for good, the page that names them always revalidated.
let ctx: TestContext;
let webDist: string;
const inlineScript = "document.documentElement.classList.add('dark');";
const page = `<!doctype html><html><head><script>${inlineScript}</script><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const script = `export const app = ${JSON.stringify('x'.repeat(4000))};\n`;

/** A built client as the build leaves it: each text file with its .br and .gz copies. */
function writeClient(folder: string) {
  mkdirSync(join(folder, 'assets'), { recursive: true });
  for (const [name, text] of [
    ['index.html', page],
    ['assets/index-Ab12Cd34.js', script],
  ] as const) {
    writeFileSync(join(folder, name), text);
    writeFileSync(join(folder, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(folder, `${name}.gz`), gzipSync(text));
  }
  writeFileSync(join(folder, '.sources-hash'), 'f00dfeed\n');
}

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'lp-client-'));
  writeClient(webDist);
  ctx = await createTestContext({ webDist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, token?: string) =>
  ctx.request({ method: 'GET', url, headers, token });

describe('the built client', () => {
  it('sends a hashed asset brotli-compressed, to be kept for a year without revalidation', async () => {
    const response = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a browser that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const zipped = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it.each([
    ['/', 'the start page'],
    ['/index.html', 'index.html by name'],
    ['/learners/12', 'a screen reached through the history fallback'],
  ])('revalidates %s (%s) on every load, compressed', async (url) => {
    const response = await get(url, { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(page);
  });

  it("lets the page's inline script run, by its hash, and no other", async () => {
    const response = await get('/');
    const policy = String(response.headers['content-security-policy']);
    const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ');
    const hash = createHash('sha256').update(inlineScript).digest('base64');
    expect(scriptSources).toEqual(["'self'", `'sha256-${hash}'`]);
  });

  it("sends the page, not the file, for a file of the build's own or one that is not there", async () => {
    for (const url of ['/.sources-hash', '/assets/missing-Zz99.js']) {
      const response = await get(url, { 'accept-encoding': 'identity' });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(page);
    }
  });

  it('keeps the JSON 404 of unknown API paths', async () => {
    const response = await get('/api/nothing-here', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/No route/);
  });
});

describe('JSON answers', () => {
  let staffToken: string;
  let cohortId: number;
  beforeAll(async () => {
    staffToken = (await createStaff(ctx.db)).token;
    cohortId = (await createCohort(ctx.db)).id;
    for (let i = 0; i < 30; i++) {
      const learner = await createLearner(ctx.db);
      await enrol(ctx.db, cohortId, learner.id);
    }
  });

  it('sends a large answer (a board of 30 learners) compressed to a caller who accepts it', async () => {
    const plain = await get(`/api/students?cohort=${cohortId}`, {}, staffToken);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const compressed = await get(
      `/api/students?cohort=${cohortId}`,
      { 'accept-encoding': 'gzip, deflate, br' },
      staffToken,
    );
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(
      plain.json(),
    );
  });

  it('sends the board gzip-compressed to a caller that refuses brotli', async () => {
    const plain = await get(`/api/students?cohort=${cohortId}`, {}, staffToken);
    const zipped = await get(
      `/api/students?cohort=${cohortId}`,
      { 'accept-encoding': 'gzip, br;q=0' },
      staffToken,
    );
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
  });

  it('answers an unchanged board with an empty 304, whatever the caller accepts', async () => {
    const first = await get(`/api/students?cohort=${cohortId}`, {}, staffToken);
    const etag = String(first.headers.etag);
    const again = await get(
      `/api/students?cohort=${cohortId}`,
      { 'accept-encoding': 'br, gzip', 'if-none-match': etag },
      staffToken,
    );
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
  });

  it('sends a small answer as it is', async () => {
    const response = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe('reads asked for often', () => {
  let staffToken: string;
  let cohortId: number;
  let learnerId: number;
  beforeAll(async () => {
    staffToken = (await createStaff(ctx.db)).token;
    cohortId = (await createCohort(ctx.db)).id;
    learnerId = (await createLearner(ctx.db)).id;
    await enrol(ctx.db, cohortId, learnerId);
  });

  const reads = () => [
    '/api/cohorts',
    `/api/cohorts/${cohortId}`,
    `/api/students/${learnerId}`,
    `/api/events?cohort=${cohortId}`,
    `/api/notes?studentId=${learnerId}`,
    '/api/courses',
  ];

  it('answer with an ETag, and with an empty 304 to a caller that holds the same answer', async () => {
    for (const url of reads()) {
      const first = await get(url, {}, staffToken);
      expect(first.statusCode, url).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^".+"$/);
      expect(first.headers['cache-control'], url).toBe('private, no-cache');

      const again = await get(url, { 'if-none-match': etag, 'accept-encoding': 'br' }, staffToken);
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length, url).toBe(0);
      // A browser sends the tags of every copy it holds, and may mark them weak.
      const listed = await get(url, { 'if-none-match': `"other", W/${etag}` }, staffToken);
      expect(listed.statusCode, url).toBe(304);
    }
  });

  it('answer in full once the data changed', async () => {
    const url = `/api/notes?studentId=${learnerId}`;
    const before = await get(url, {}, staffToken);
    const added = await ctx.request({
      method: 'POST',
      url: '/api/notes',
      token: staffToken,
      payload: { studentId: learnerId, note: 'Pairs well', type: 2 },
    });
    expect(added.statusCode).toBe(201);
    expect(added.headers.etag).toBeUndefined();

    const after = await get(url, { 'if-none-match': String(before.headers.etag) }, staffToken);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual([expect.objectContaining({ note: 'Pairs well' })]);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('never turn a refusal into a 304', async () => {
    const missing = await get('/api/students/999999', { 'if-none-match': '*' }, staffToken);
    expect(missing.statusCode).toBe(404);
  });
});
