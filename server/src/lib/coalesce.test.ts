import { describe, expect, it } from 'vitest';
import { Coalescer } from './coalesce.ts';

function deferred() {
  let resolve!: (value: number) => void;
  const promise = new Promise<number>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('Coalescer', () => {
  it('never hands a caller a read that was sent before it arrived', async () => {
    const coalescer = new Coalescer<number, number>();
    const loads: Array<ReturnType<typeof deferred>> = [];
    const load = () => {
      const next = deferred();
      loads.push(next);
      return next.promise;
    };
    const first = coalescer.read(1, load);
    expect(loads).toHaveLength(1);
    // Arriving while the first read is in flight: both wait for one new read.
    const second = coalescer.read(1, load);
    const third = coalescer.read(1, load);
    expect(loads).toHaveLength(1);
    loads[0]?.resolve(10);
    expect(await first).toBe(10);
    await Promise.resolve();
    expect(loads).toHaveLength(2);
    loads[1]?.resolve(11);
    expect(await second).toBe(11);
    expect(await third).toBe(11);
    // Other keys are independent.
    const other = coalescer.read(2, load);
    expect(loads).toHaveLength(3);
    loads[2]?.resolve(20);
    expect(await other).toBe(20);
  });

  it('starts the queued read even when the running one fails', async () => {
    const coalescer = new Coalescer<number, number>();
    const failing = coalescer.read(1, () => Promise.reject(new Error('lost connection')));
    const next = coalescer.read(1, () => Promise.resolve(5));
    await expect(failing).rejects.toThrow('lost connection');
    expect(await next).toBe(5);
  });
});
