import { SINGLE_CLICK_DELAY_MS } from '@lp/contract/constants';
import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { todayIn } from '@/lib/dates.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { Loading } from '@/ui/loading.tsx';
import { useCohortEvents, useEventTypes } from '../api/calendar-api.ts';
import { bucketEvents } from '../model/event-buckets.ts';
import { buildMonthBlocks, dayAfterKey } from '../model/month-grid.ts';
import { AddEventDialog } from './add-event-dialog.tsx';
import { CalendarMonth } from './calendar-month.tsx';
import { DayEventsDialog } from './day-events-dialog.tsx';
import { EventLegend } from './event-legend.tsx';
import './calendar.css';

export interface CohortCalendarProps {
  cohortId: number;
  /** 'YYYY-MM-DD' */
  startDate: string;
  endDate: string;
  /** Instructors of this cohort add and delete events; everyone else views. */
  canEdit: boolean;
}

interface Drag {
  anchor: string;
  current: string;
  moved: boolean;
}

/**
 * The cohort calendar: months across the cohort's dates, days coloured by their first event's
 * type, a legend, hover cards, 'Events for {date}' on click (after the double-click window),
 * and for instructors Add Event on double click or by dragging across days. One day is in the
 * Tab order (today, or the last day focused); the arrow keys, Home, End, Page Up and Page Down
 * move between days, and Enter opens the day's events.
 */
export function CohortCalendar({ cohortId, startDate, endDate, canEdit }: CohortCalendarProps) {
  const types = useEventTypes();
  const events = useCohortEvents(cohortId);
  const blocks = useMemo(() => buildMonthBlocks(startDate, endDate), [startDate, endDate]);
  const buckets = useMemo(() => bucketEvents(events.data ?? []), [events.data]);
  const today = todayIn();

  const [openDay, setOpenDay] = useState<string | null>(null);
  const [adding, setAdding] = useState<{ start: string; end: string } | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const clickTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [focusedDay, setFocusedDay] = useState<string | null>(null);
  const tabbable = focusedDay ?? (startDate <= today && today <= endDate ? today : startDate);
  const months = useRef<HTMLDivElement>(null);

  const cancelPendingClick = () => {
    if (clickTimer.current) clearTimeout(clickTimer.current);
    clickTimer.current = null;
  };
  useEffect(
    () => () => {
      if (clickTimer.current) clearTimeout(clickTimer.current);
    },
    [],
  );

  const openAdd = (start: string, end = start) => {
    cancelPendingClick();
    setOpenDay(null);
    setAdding({ start, end });
  };

  const handlers = {
    onClick(date: string, event: MouseEvent) {
      if (!buckets.has(date)) return;
      // Keyboard activation (detail 0) opens at once; a mouse click waits for a double click.
      if (event.detail === 0) return setOpenDay(date);
      cancelPendingClick();
      if (event.detail > 1) return;
      clickTimer.current = setTimeout(() => setOpenDay(date), SINGLE_CLICK_DELAY_MS);
    },
    onDoubleClick(date: string) {
      if (canEdit) openAdd(date);
    },
    onPointerDown(date: string, event: PointerEvent) {
      if (!canEdit || event.button !== 0) return;
      event.preventDefault(); // no text selection while dragging
      // Touch and pens capture the pointer on the first day; let other days see it.
      if (event.currentTarget.hasPointerCapture?.(event.pointerId))
        event.currentTarget.releasePointerCapture(event.pointerId);
      setDrag({ anchor: date, current: date, moved: false });
    },
    onKeyDown(date: string, event: KeyboardEvent) {
      const next = dayAfterKey(date, event.key, startDate, endDate);
      if (next === null) return;
      event.preventDefault();
      months.current?.querySelector<HTMLElement>(`[data-date="${next}"]`)?.focus();
    },
    onFocus(date: string) {
      setFocusedDay(date);
    },
    onPointerEnter(date: string) {
      setDrag((current) =>
        current
          ? { ...current, current: date, moved: current.moved || date !== current.anchor }
          : null,
      );
    },
  };

  function onPointerUp() {
    if (drag?.moved) openAdd(drag.anchor, drag.current);
    setDrag(null);
  }

  const low = drag && drag.anchor < drag.current ? drag.anchor : (drag?.current ?? '');
  const high = drag && drag.anchor < drag.current ? drag.current : (drag?.anchor ?? '');
  const isSelected = (date: string) => Boolean(drag?.moved) && date >= low && date <= high;

  if (types.isPending || events.isPending) return <Loading label="Loading the calendar…" />;
  if (types.isError || events.isError) {
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>
          Could not load the calendar: {(types.error ?? events.error)?.message}{' '}
          <Button
            size="1"
            variant="ghost"
            onClick={() => (types.isError ? types.refetch() : events.refetch())}
          >
            Try again
          </Button>
        </Callout.Text>
      </Callout.Root>
    );
  }
  if (blocks.length === 0)
    return <EmptyState title="No calendar" description="This cohort has no start and end dates." />;

  return (
    <div className="lp-calendar" data-testid="cohort-calendar">
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <EventLegend types={types.data} />
        {canEdit && (
          <Button
            size="1"
            onClick={() => openAdd(startDate <= today && today <= endDate ? today : startDate)}
          >
            Add Event
          </Button>
        )}
      </Flex>
      <div
        ref={months}
        className="lp-calendar__months"
        onPointerUp={onPointerUp}
        onPointerLeave={() => setDrag(null)}
      >
        {blocks.map((block) => (
          <CalendarMonth
            key={block.key}
            block={block}
            buckets={buckets}
            today={today}
            isSelected={isSelected}
            tabbable={tabbable}
            cardsHidden={openDay !== null || adding !== null}
            {...handlers}
          />
        ))}
      </div>
      {canEdit && (
        <Text as="p" className="lp-calendar__hint">
          Double-click a day, or drag across days, to add an event.
        </Text>
      )}
      <DayEventsDialog
        cohortId={cohortId}
        date={openDay}
        events={openDay ? (buckets.get(openDay) ?? []) : []}
        canEdit={canEdit}
        onClose={() => setOpenDay(null)}
        onAddEvent={(date) => openAdd(date)}
      />
      <AddEventDialog
        cohortId={cohortId}
        types={types.data}
        range={adding}
        onClose={() => setAdding(null)}
      />
    </div>
  );
}
