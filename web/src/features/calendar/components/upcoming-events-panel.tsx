import { DISPLAY_TIME_ZONE } from '@lp/contract/constants';
import { ClockIcon } from '@radix-ui/react-icons';
import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import { memo, useDeferredValue, useMemo } from 'react';
import { todayIn } from '@/lib/dates.ts';
import { useCohortEvents } from '../api/calendar-api.ts';
import { eventColors } from '../model/event-colors.ts';
import { eventDateTime, eventWhen, upcomingEvents } from '../model/upcoming-events.ts';
import './upcoming-events.css';

/**
 * 'Upcoming Events' (with a clock icon): the next 14 days of the cohort calendar, at most 5, soonest first.
 * Memoised: the board's screen renders often while it loads, and the dates take time to work out.
 */
export const UpcomingEventsPanel = memo(function UpcomingEventsPanel({
  cohortId,
  timeZone = DISPLAY_TIME_ZONE,
}: {
  cohortId: number;
  timeZone?: string;
}) {
  const events = useCohortEvents(cohortId);
  // Worked out in a render of its own, after the screen around it has painted: the first date in
  // a time zone takes tens of milliseconds (its rules load), which held up the board's first paint.
  // The initial value is null, not undefined: React takes an undefined one for none and would
  // work the dates out in the first render when the events are already in (a page load).
  const shown = useDeferredValue(events.data ?? null, null);
  const upcoming = useMemo(
    () => (shown === null ? null : upcomingEvents(shown, todayIn(timeZone))),
    [shown, timeZone],
  );
  return (
    <section className="lp-upcoming" aria-labelledby="lp-upcoming-title">
      <Heading as="h2" size="4" mb="2" id="lp-upcoming-title">
        <ClockIcon aria-hidden className="lp-upcoming__icon" /> Upcoming Events
      </Heading>
      {events.isError && (
        <Text as="p" size="1" color="red">
          Could not load the events.
        </Text>
      )}
      {upcoming === null ? null : upcoming.length === 0 ? (
        <Text as="p" size="2" color="gray">
          No upcoming events.
        </Text>
      ) : (
        <Flex asChild direction="column" gap="2">
          <ul className="lp-upcoming__list">
            {upcoming.map((event) => {
              const colors = eventColors(event.event_type);
              return (
                <li key={event.id}>
                  <Card
                    size="1"
                    className="lp-upcoming__event"
                    style={{ background: colors.background, color: colors.text }}
                  >
                    <Flex justify="between" gap="2" wrap="wrap">
                      <Text size="1" weight="bold">
                        {event.event_name}
                      </Text>
                      <Text size="1" className="lp-upcoming__when">
                        <time dateTime={eventDateTime(event)}>{eventWhen(event)}</time>
                      </Text>
                    </Flex>
                    {event.description && (
                      <Text as="p" size="1" mt="1">
                        {event.description}
                      </Text>
                    )}
                  </Card>
                </li>
              );
            })}
          </ul>
        </Flex>
      )}
    </section>
  );
});
