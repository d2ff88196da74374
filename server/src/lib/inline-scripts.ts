import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy sources (`'sha256-…'`) of the inline scripts of an HTML page, the
 * `<script>` elements without `src`: a `script-src` of `'self'` plus these runs exactly those.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter(([, attributes = '']) => !/\bsrc\s*=/i.test(attributes))
    .map(([, , body = '']) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
}
