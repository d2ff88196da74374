/**
 * Remembers recent token checks for a moment, so a busy client's calls do not each cost a
 * database round trip. A sign-out or a deletion forgets the token in every process at once
 * (lib/token-revocations.ts); the window stays short (one second) so that a process whose
 * notifications are interrupted still follows a revocation soon.
 */
export class TokenCache<T extends { tokenId: number }> {
  private readonly entries = new Map<string, { value: T; until: number }>();

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

  set(hash: string, value: T, now = Date.now()) {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(hash, { value, until: now + this.ttlMs });
  }

  forgetToken(tokenId: number) {
    for (const [hash, entry] of this.entries) {
      if (entry.value.tokenId === tokenId) this.entries.delete(hash);
    }
  }

  clear() {
    this.entries.clear();
  }
}
