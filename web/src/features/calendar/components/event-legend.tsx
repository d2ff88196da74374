import type { EventType } from '@lp/contract/events';
import { eventColors } from '../model/event-colors.ts';

/** One entry per event type: its name and its colour. */
export function EventLegend({ types }: { types: readonly EventType[] }) {
  return (
    <ul
      className="lp-calendar__legend"
      aria-label="Event types"
      style={{ listStyle: 'none', padding: 0, margin: '0 0 0.75rem' }}
    >
      {types.map((type) => (
        <li key={type.id} className="lp-calendar__legend-item">
          {type.description}
          <span
            className="lp-calendar__swatch"
            style={{ background: eventColors(type).background }}
            aria-hidden
          />
        </li>
      ))}
    </ul>
  );
}
