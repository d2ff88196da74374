/**
 * Remembers recent token checks for a moment, so a busy client's calls do not each cost a
 * database round trip. A sign-out or a deletion forgets the token in every process at once
 * (lib/token-revocations.ts); the window stays short (one second) so that a process whose
 * notifications are interrupted still follows a revocation soon.
 */
export class TokenCache<T extends { tokenId: number }> {
  private readonly entries = new Map<string, { value: T; until: number }>();
  /** Checks under way: the callers of one token that arrive together share one query. */
  private readonly loading = new Map<string, Promise<T | undefined>>();
  /** Counts forgettings: a check that was under way during one is not kept. */
  private generation = 0;

  constructor(
    private readonly ttlMs = 1000,
    private readonly maxEntries = 10_000,
  ) {}

  get(hash: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(hash);
      return undefined;
    }
    return entry.value;
  }

  /**
   * The remembered check, or `load`'s answer, remembered when it found the token. When a busy
   * client's entry runs out, its many requests in flight wait for one query instead of each
   * sending its own.
   */
  lookup(hash: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const cached = this.get(hash);
    if (cached) return Promise.resolve(cached);
    let pending = this.loading.get(hash);
    if (!pending) {
      const started = this.generation;
      pending = load()
        .then((value) => {
          if (value && started === this.generation) this.set(hash, value);
          return value;
        })
        .finally(() => this.loading.delete(hash));
      this.loading.set(hash, pending);
    }
    return pending;
  }

  set(hash: string, value: T, now = Date.now()) {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(hash, { value, until: now + this.ttlMs });
  }

  forgetToken(tokenId: number) {
    this.generation++;
    for (const [hash, entry] of this.entries) {
      if (entry.value.tokenId === tokenId) this.entries.delete(hash);
    }
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }
}
