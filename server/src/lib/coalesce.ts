/**
 * Shares database reads between concurrent requests without ever answering from an older
 * snapshot than the caller's arrival: a caller joins a read only if that read has not been sent
 * yet. With one read in flight per key, callers arriving meanwhile wait for it to finish and then
 * share the next one, so 50 clients polling one board cost a handful of queries, not 50.
 */
export class Coalescer<K, V> {
  private readonly inFlight = new Map<K, Promise<V>>();
  private readonly queued = new Map<K, Promise<V>>();

  read(key: K, load: () => Promise<V>): Promise<V> {
    const queued = this.queued.get(key);
    if (queued) return queued;
    const running = this.inFlight.get(key);
    if (!running) return this.start(key, load);
    const next = running.then(
      () => this.start(key, load),
      () => this.start(key, load),
    );
    this.queued.set(key, next);
    return next;
  }

  private start(key: K, load: () => Promise<V>): Promise<V> {
    this.queued.delete(key);
    const promise = load().finally(() => {
      if (this.inFlight.get(key) === promise) this.inFlight.delete(key);
    });
    this.inFlight.set(key, promise);
    return promise;
  }
}
