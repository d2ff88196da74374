import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

// A JSON answer kept in memory and sent many times (a board, a cohort's health) is compressed
// once per encoding, not on every send.

type Encoding = 'br' | 'gzip';

/** The best encoding a caller accepts (Accept-Encoding with its weights), or none. */
export const chooseEncoding = (header: string | undefined): Encoding | undefined =>
  (header && negotiate<Encoding>(header, ['br', 'gzip'])) || undefined;

const encoders: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) =>
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipSync(body, { level: 6 }),
};

/** A JSON text, its ETag, and its compressed forms, each made once when first asked for. */
export class EncodedBody {
  private readonly encoded = new Map<Encoding, Buffer>();
  readonly etag: string;
  constructor(readonly plain: Buffer) {
    this.etag = `"${createHash('sha1').update(plain).digest('base64url').slice(0, 22)}"`;
  }

  in(encoding: Encoding | undefined): { body: Buffer; encoding?: Encoding } {
    if (!encoding) return { body: this.plain };
    const body = this.encoded.get(encoding) ?? encoders[encoding](this.plain);
    this.encoded.set(encoding, body);
    return { body, encoding };
  }
}
