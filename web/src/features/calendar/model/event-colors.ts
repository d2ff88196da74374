// An event type's colours on screen: the calendar's own tokens (calendar-colors.css) for the
// types it knows, so every screen shows the same calm, distinguishable pair and a dark scheme can
// give them variants; a type it does not know keeps the colour the API sends, with black or white
// text, whichever reads.
import type { EventType } from '@lp/contract/events';
import { readableTextOn } from './readable-text.ts';

/** The event types calendar-colors.css has tokens for (`--lp-event-{id}`, `--lp-event-{id}-text`). */
export const TOKEN_EVENT_TYPES = [1, 2, 3, 4] as const;

export interface EventColors {
  background: string;
  text: string;
}

export function eventColors(type: Pick<EventType, 'id' | 'color'>): EventColors {
  if ((TOKEN_EVENT_TYPES as readonly number[]).includes(type.id))
    return { background: `var(--lp-event-${type.id})`, text: `var(--lp-event-${type.id}-text)` };
  return { background: type.color, text: readableTextOn(type.color) };
}
