import { Card, HoverCard, Text } from '@radix-ui/themes';
import {
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  useState,
} from 'react';
import { formatLongDay, formatWallTime } from '@/lib/dates.ts';
import type { CalendarDayEvent } from '../model/event-buckets.ts';
import { eventColors } from '../model/event-colors.ts';
import { type MonthBlock, WEEKDAY_HEADERS, weeksOf } from '../model/month-grid.ts';

export const HOVER_DELAY_MS = 100;

export interface DayHandlers {
  onClick(date: string, event: MouseEvent): void;
  onDoubleClick(date: string): void;
  onPointerDown(date: string, event: PointerEvent): void;
  onPointerEnter(date: string): void;
  onKeyDown(date: string, event: KeyboardEvent): void;
  onFocus(date: string): void;
}

interface CalendarMonthProps extends DayHandlers {
  block: MonthBlock;
  buckets: Map<string, CalendarDayEvent[]>;
  today: string;
  isSelected(date: string): boolean;
  /** The one day in the Tab order (the calendar's roving focus). */
  tabbable: string;
  /** A dialog of the calendar is open: no day shows its events card. */
  cardsHidden: boolean;
}

export const timeLabel = (event: Pick<CalendarDayEvent, 'time'>) =>
  event.time ? formatWallTime(event.time) : 'All day';

/**
 * One month block: title and a grid of weeks. Only `tabbable` is in the Tab order; the arrow keys
 * move between days (the calendar's onKeyDown), across months too.
 */
export function CalendarMonth({
  block,
  buckets,
  today,
  isSelected,
  tabbable,
  cardsHidden,
  ...handlers
}: CalendarMonthProps) {
  const dayCell = (date: string, dayOfMonth: number) => {
    const events = buckets.get(date) ?? [];
    const classes = ['lp-calendar__day'];
    if (events.length > 0) classes.push('has-events');
    if (date === today) classes.push('is-today');
    if (isSelected(date)) classes.push('is-selected');
    const colors = events[0] ? eventColors({ id: events[0].typeId, color: events[0].color }) : null;
    const label = `${formatLongDay(date)}${events.length ? `: ${events.length} event${events.length > 1 ? 's' : ''}` : ''}`;
    const cell = (
      <button
        type="button"
        className={classes.join(' ')}
        data-date={date}
        aria-label={label}
        aria-current={date === today ? 'date' : undefined}
        tabIndex={date === tabbable ? 0 : -1}
        style={
          colors
            ? ({
                '--lp-day-color': colors.background,
                '--lp-day-text': colors.text,
              } as CSSProperties)
            : undefined
        }
        onClick={(event) => handlers.onClick(date, event)}
        onDoubleClick={() => handlers.onDoubleClick(date)}
        onPointerDown={(event) => handlers.onPointerDown(date, event)}
        onPointerEnter={() => handlers.onPointerEnter(date)}
        onKeyDown={(event) => handlers.onKeyDown(date, event)}
        onFocus={() => handlers.onFocus(date)}
      >
        {dayOfMonth}
      </button>
    );
    if (events.length === 0) return cell;
    return (
      <DayEventsCard events={events} hidden={cardsHidden}>
        {cell}
      </DayEventsCard>
    );
  };

  return (
    <section aria-label={block.label}>
      <h3 className="lp-calendar__month-title">{block.label}</h3>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a date grid moved through by arrow keys, as ARIA's date picker pattern. */}
      <table className="lp-calendar__grid" role="grid" aria-label={block.label}>
        <thead>
          <tr>
            {WEEKDAY_HEADERS.map(([key, letter, name]) => (
              <th key={key} className="lp-calendar__weekday" scope="col" aria-label={name}>
                {letter}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(block).map((week) => (
            <tr key={week.key}>
              {week.cells.map(({ key, day }) => (
                <td key={key}>{day && dayCell(day.date, day.dayOfMonth)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * A day's events on hover or focus. Closed at once while a dialog of the calendar is open: the
 * day keeps the focus until the dialog takes it, and a card still closing (or opening) over the
 * dialog is a layer of its own that a quick Escape could reach instead of the dialog.
 */
function DayEventsCard({
  events,
  hidden,
  children,
}: {
  events: CalendarDayEvent[];
  hidden: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <HoverCard.Root
      open={open && !hidden}
      onOpenChange={setOpen}
      openDelay={HOVER_DELAY_MS}
      closeDelay={HOVER_DELAY_MS}
    >
      <HoverCard.Trigger>{children}</HoverCard.Trigger>
      <HoverCard.Content maxWidth="15rem" size="1" className="lp-popper">
        {events.map((item) => (
          <Card
            key={item.id}
            size="1"
            mb="1"
            style={{
              borderLeft: `4px solid ${eventColors({ id: item.typeId, color: item.color }).background}`,
            }}
          >
            <Text size="1">
              {timeLabel(item)}: <strong>{item.name}</strong>
            </Text>
          </Card>
        ))}
      </HoverCard.Content>
    </HoverCard.Root>
  );
}
