import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// A JSON answer kept in memory and sent many times (a board, a cohort's health) is compressed
// once per encoding, not on every send.

export type Encoding = 'br' | 'gzip';

/** The best encoding a caller accepts (Accept-Encoding, q=0 refuses), or none. */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

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

/** A JSON text, and its compressed forms, each made once when first asked for. */
export class EncodedBody {
  private readonly encoded = new Map<Encoding, Buffer>();
  constructor(readonly plain: Buffer) {}

  in(encoding: Encoding | undefined): { body: Buffer; encoding?: Encoding } {
    if (!encoding) return { body: this.plain };
    let body = this.encoded.get(encoding);
    if (!body) {
      body = encoders[encoding](this.plain);
      this.encoded.set(encoding, body);
    }
    return { body, encoding };
  }
}
