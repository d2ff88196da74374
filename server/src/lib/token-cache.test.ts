import { describe, expect, it } from 'vitest';
import { TokenCache } from './token-cache.ts';

describe('TokenCache', () => {
  it('remembers a check for its window only', () => {
    const cache = new TokenCache<{ tokenId: number }>(1000);
    cache.set('hash', { tokenId: 7 }, 0);
    expect(cache.get('hash', 999)).toEqual({ tokenId: 7 });
    expect(cache.get('hash', 1000)).toBeUndefined();
  });

  it('forgets a revoked token at once', () => {
    const cache = new TokenCache<{ tokenId: number }>(1000);
    cache.set('a', { tokenId: 1 }, 0);
    cache.set('b', { tokenId: 2 }, 0);
    cache.forgetToken(1);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toEqual({ tokenId: 2 });
  });

  it('never grows past its size', () => {
    const cache = new TokenCache<{ tokenId: number }>(1000, 2);
    cache.set('a', { tokenId: 1 }, 0);
    cache.set('b', { tokenId: 2 }, 0);
    cache.set('c', { tokenId: 3 }, 0);
    expect([cache.get('a', 1), cache.get('b', 1), cache.get('c', 1)]).toEqual([
      undefined,
      undefined,
      { tokenId: 3 },
    ]);
  });
});
