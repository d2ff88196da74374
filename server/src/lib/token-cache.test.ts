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

  it('answers the requests of one token that arrive together with one check', async () => {
    const cache = new TokenCache<{ tokenId: number }>(1000);
    let checks = 0;
    let answer: (value: { tokenId: number }) => void = () => {};
    const load = () => {
      checks++;
      return new Promise<{ tokenId: number }>((resolve) => {
        answer = resolve;
      });
    };
    const waiting = [cache.lookup('a', load), cache.lookup('a', load), cache.lookup('a', load)];
    answer({ tokenId: 1 });
    expect(await Promise.all(waiting)).toEqual([{ tokenId: 1 }, { tokenId: 1 }, { tokenId: 1 }]);
    expect(checks).toBe(1);
    expect(await cache.lookup('a', load)).toEqual({ tokenId: 1 });
    expect(checks).toBe(1);
  });

  it('keeps no check that was under way when its token was revoked', async () => {
    const cache = new TokenCache<{ tokenId: number }>(1000);
    let answer: (value: { tokenId: number }) => void = () => {};
    const checking = cache.lookup(
      'a',
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    cache.forgetToken(1);
    answer({ tokenId: 1 });
    await checking;
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not remember a token that was not found, and asks again next time', async () => {
    const cache = new TokenCache<{ tokenId: number }>(1000);
    let checks = 0;
    const missing = async () => {
      checks++;
      return undefined;
    };
    expect(await cache.lookup('x', missing)).toBeUndefined();
    expect(await cache.lookup('x', missing)).toBeUndefined();
    expect(checks).toBe(2);
  });
});
