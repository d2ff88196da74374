import { type Kysely, sql } from 'kysely';
import type { ChannelListener, DatabaseHandle } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import type { TokenCache } from './token-cache.ts';

/** Where a sign-out or a deletion is announced to every server process. */
export const TOKEN_REVOCATIONS_CHANNEL = 'token_revocations';

/** A revoked token's id, or every token (a person was deleted with theirs). */
export type Revocation = number | 'all';

/**
 * Makes a sign-out or a deletion forget the remembered token checks (lib/token-cache.ts) of
 * every server process at once: the process that revoked announces it on a database channel and
 * answers its caller after it heard its own announcement back, so the others (notified by the
 * same commit) have heard it too. Without the channel, or when the echo is late, each cache's
 * window (one second) still bounds how long a revoked token is accepted: the wait never exceeds it.
 */
export class TokenRevocations {
  private listening = false;
  private readonly echoes = new Map<string, Set<() => void>>();
  private readonly followers = new Set<(revoked: Revocation) => void>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: TokenCache<{ tokenId: number }>,
    private readonly maxWaitMs = 1000,
  ) {}

  /** Listens on the channel; resolves to stop listening. */
  async follow(listen: DatabaseHandle['listen'] | undefined): Promise<() => Promise<void>> {
    if (!listen) return async () => {};
    const listener: ChannelListener = {
      notify: (payload) => this.heard(payload),
      reset: (listening) => {
        this.listening = listening;
        // Revocations may have been missed meanwhile.
        this.cache.clear();
      },
    };
    const stop = await listen(TOKEN_REVOCATIONS_CHANNEL, listener);
    return async () => {
      this.listening = false;
      await stop();
    };
  }

  /** Calls `follower` on every revocation heard (from any process); returns how to stop. */
  onRevoked(follower: (revoked: Revocation) => void): () => void {
    this.followers.add(follower);
    return () => void this.followers.delete(follower);
  }

  /** Announces a committed revocation and waits (at most the cache's window) for its echo. */
  async announce(revoked: Revocation): Promise<void> {
    if (!this.listening) return this.forget(revoked);
    this.forgetCached(revoked);
    const payload = String(revoked);
    let done = () => {};
    const echoed = new Promise<void>((resolve) => {
      done = resolve;
    });
    const waiting = this.echoes.get(payload) ?? new Set();
    waiting.add(done);
    this.echoes.set(payload, waiting);
    const timer = setTimeout(done, this.maxWaitMs);
    try {
      await sql`select pg_notify(${TOKEN_REVOCATIONS_CHANNEL}, ${payload})`.execute(this.db);
      await echoed;
    } finally {
      clearTimeout(timer);
      waiting.delete(done);
      if (waiting.size === 0) this.echoes.delete(payload);
    }
  }

  private heard(payload: string) {
    const revoked: Revocation = payload === 'all' ? 'all' : Number(payload);
    if (revoked !== 'all' && !Number.isInteger(revoked)) this.forget('all');
    else this.forget(revoked);
    for (const done of this.echoes.get(payload) ?? []) done();
  }

  private forgetCached(revoked: Revocation) {
    if (revoked === 'all') this.cache.clear();
    else this.cache.forgetToken(revoked);
  }

  private forget(revoked: Revocation) {
    this.forgetCached(revoked);
    for (const follower of this.followers) follower(revoked);
  }
}
