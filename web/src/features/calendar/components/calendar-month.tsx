import { Card, HoverCard, Text } from '@radix-ui/themes';
import type { CSSProperties, MouseEvent, PointerEvent } from 'react';
import { formatLongDay, formatWallTime } from '@/lib/dates.ts';
import type { CalendarDayEvent } from '../model/event-buckets.ts';
import { type MonthBlock, WEEKDAY_HEADERS } from '../model/month-grid.ts';

export const HOVER_DELAY_MS = 100;

export interface DayHandlers {
  onClick(date: string, event: MouseEvent): void;
  onDoubleClick(date: string): void;
  onPointerDown(date: string, event: PointerEvent): void;
  onPointerEnter(date: string): void;
}

interface CalendarMonthProps extends DayHandlers {
  block: MonthBlock;
  buckets: Map<string, CalendarDayEvent[]>;
  today: string;
  isSelected(date: string): boolean;
}

export const timeLabel = (event: Pick<CalendarDayEvent, 'time'>) =>
  event.time ? formatWallTime(event.time) : 'All day';

/** Empty cells: identical placeholders, so their position is their identity. */
const blanks = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) => `${prefix}-${index}`).map((key) => (
    <span key={key} aria-hidden />
  ));

/** One month block: title, weekday headers, blanks and day cells. */
export function CalendarMonth({
  block,
  buckets,
  today,
  isSelected,
  ...handlers
}: CalendarMonthProps) {
  return (
    <section aria-label={block.label}>
      <h3 className="lp-calendar__month-title">{block.label}</h3>
      <div className="lp-calendar__grid">
        {WEEKDAY_HEADERS.map(([key, letter]) => (
          <span key={key} className="lp-calendar__weekday" aria-hidden>
            {letter}
          </span>
        ))}
        {blanks(block.leadingBlanks, 'lead')}
        {block.days.map(({ date, dayOfMonth }) => {
          const events = buckets.get(date) ?? [];
          const classes = ['lp-calendar__day'];
          if (events.length > 0) classes.push('has-events');
          if (date === today) classes.push('is-today');
          if (isSelected(date)) classes.push('is-selected');
          const label = `${formatLongDay(date)}${events.length ? `: ${events.length} event${events.length > 1 ? 's' : ''}` : ''}`;
          const cell = (
            <button
              key={date}
              type="button"
              className={classes.join(' ')}
              data-date={date}
              aria-label={label}
              style={
                events[0] ? ({ '--lp-day-color': events[0].color } as CSSProperties) : undefined
              }
              onClick={(event) => handlers.onClick(date, event)}
              onDoubleClick={() => handlers.onDoubleClick(date)}
              onPointerDown={(event) => handlers.onPointerDown(date, event)}
              onPointerEnter={() => handlers.onPointerEnter(date)}
            >
              {dayOfMonth}
            </button>
          );
          if (events.length === 0) return cell;
          return (
            <HoverCard.Root key={date} openDelay={HOVER_DELAY_MS} closeDelay={HOVER_DELAY_MS}>
              <HoverCard.Trigger>{cell}</HoverCard.Trigger>
              <HoverCard.Content maxWidth="15rem" size="1" className="lp-popper">
                {events.map((item) => (
                  <Card
                    key={item.id}
                    size="1"
                    mb="1"
                    style={{ borderLeft: `4px solid ${item.color}` }}
                  >
                    <Text size="1">
                      {timeLabel(item)}: <strong>{item.name}</strong>
                    </Text>
                  </Card>
                ))}
              </HoverCard.Content>
            </HoverCard.Root>
          );
        })}
        {blanks(block.trailingBlanks, 'trail')}
      </div>
    </section>
  );
}
