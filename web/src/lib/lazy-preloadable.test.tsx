import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPreloadable } from './lazy-preloadable.ts';

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('lazyPreloadable', () => {
  it('shows the fallback while the chunk loads, then the component', async () => {
    const chunk = deferred<{ default: typeof Greeting }>();
    const Lazy = lazyPreloadable(() => chunk.promise);
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Lazy name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    chunk.resolve({ default: Greeting });
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });

  it('mounts at once, without the fallback, once preloaded; the chunk is loaded once', async () => {
    let loads = 0;
    const Lazy = lazyPreloadable(async () => {
      loads += 1;
      return { default: Greeting };
    });
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Lazy name="Grace" />
      </Suspense>,
    );
    // In the first commit: no fallback was ever shown.
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('loads the chunk again after a failure', async () => {
    let attempts = 0;
    const Lazy = lazyPreloadable(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('network down');
      return { default: Greeting };
    });
    await expect(Lazy.preload()).rejects.toThrow('network down');
    await act(() => Lazy.preload());
    render(<Lazy name="Alan" />);
    expect(screen.getByText('Hello Alan')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});
