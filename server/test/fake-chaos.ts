import type { ScriptedAnswer } from './fake-github.ts';

/**
 * How a fake GitHub or Slack misbehaves: each request waits `delayMs`, then by a seeded draw is
 * refused with a server error, rate-limited, or carried out with its answer lost (a 502 after
 * the effect, as when a connection drops), in those proportions.
 */
export interface Chaos {
  delayMs: number;
  failRate: number;
  rateLimitRate: number;
  lostAnswerRate: number;
  /** Seeded, so a failing run can be repeated. */
  random: () => number;
}

/** A small seeded generator (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type ChaosDraw = 'fail' | 'rate-limit' | 'lose-answer' | 'answer';

export async function drawChaos(chaos: Chaos | null): Promise<ChaosDraw> {
  if (!chaos) return 'answer';
  if (chaos.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, chaos.delayMs));
  const draw = chaos.random();
  if (draw < chaos.failRate) return 'fail';
  if (draw < chaos.failRate + chaos.rateLimitRate) return 'rate-limit';
  if (draw < chaos.failRate + chaos.rateLimitRate + chaos.lostAnswerRate) return 'lose-answer';
  return 'answer';
}

export const serverError: ScriptedAnswer = { status: 502, body: { message: 'Bad Gateway' } };
