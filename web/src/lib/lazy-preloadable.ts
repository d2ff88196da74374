// React.lazy for a chunk that a page load starts before React renders (app/first-screen.ts).
import { type ComponentType, createElement, lazy, useState } from 'react';

export interface Preloadable<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  /** Loads the chunk (once; again after a failure); resolves when a new mount renders at once. */
  preload: () => Promise<ComponentType<P>>;
}

/**
 * A lazily loaded component that, once its chunk has arrived, mounts at once instead of
 * suspending. A Suspense fallback shown for a chunk that is already there, or arrives a moment
 * later, holds the screen back: React reveals a boundary's content no sooner than 300 ms after a
 * fallback last showed or hid.
 */
export function lazyPreloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module.default;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));

  function LazyPreloadable(props: P) {
    // Chosen once per mount: a component switched under it would remount the screen.
    const [chosen] = useState<ComponentType<P>>(() => loaded ?? Suspending);
    return createElement(chosen, props);
  }
  return Object.assign(LazyPreloadable, { preload });
}
