import { DISPLAY_TIME_ZONE } from '@lp/contract/constants';
import { Button, Card, Flex, Text } from '@radix-ui/themes';
import { formatLongDay } from '@/lib/dates.ts';
import { AppDialog, useConfirm } from '@/ui/dialog/index.ts';
import { useToast } from '@/ui/toasts/index.ts';
import { useDeleteEvent, useRestoreEvent } from '../api/calendar-api.ts';
import type { CalendarDayEvent } from '../model/event-buckets.ts';
import { eventColors } from '../model/event-colors.ts';
import { timeLabel } from './calendar-month.tsx';

interface DayEventsDialogProps {
  cohortId: number;
  date: string | null;
  events: readonly CalendarDayEvent[];
  canEdit: boolean;
  onClose(): void;
  onAddEvent(date: string): void;
}

/** 'Events for {date}': the day's events, and for instructors Delete and Add Event. */
export function DayEventsDialog({
  cohortId,
  date,
  events,
  canEdit,
  onClose,
  onAddEvent,
}: DayEventsDialogProps) {
  const confirm = useConfirm();
  const toast = useToast();
  const remove = useDeleteEvent(cohortId);
  const restore = useRestoreEvent(cohortId);

  const restoreEvent = (event: CalendarDayEvent, day: string) =>
    restore.mutate(
      {
        cohort: cohortId,
        name: event.name,
        type: event.typeId,
        description: event.description,
        date: day,
        time: event.time,
      },
      {
        onSuccess: () => toast.show(`Event restored: ${event.name}`, { type: 'done' }),
        onError: (error) => toast.show(error.message, { type: 'error', duration: 'normal' }),
      },
    );

  async function onDelete(event: CalendarDayEvent) {
    const sure = await confirm({
      title: 'Delete event?',
      description: `'${event.name}' will be removed from the cohort calendar.`,
      confirmLabel: 'Delete',
    });
    if (!sure || !date) return;
    const day = date;
    remove.mutate(event.id, {
      onSuccess: () =>
        toast.show(`Event deleted: ${event.name}`, {
          type: 'done',
          action: { label: 'Undo', onClick: () => restoreEvent(event, day) },
          keep: true,
        }),
      onError: () => toast.show('Error removing event', { type: 'error', duration: 'normal' }),
    });
  }

  return (
    <AppDialog
      open={date !== null}
      onOpenChange={(open) => !open && onClose()}
      title={date ? `Events for ${formatLongDay(date)}` : ''}
    >
      <Flex direction="column" gap="2">
        {events.length === 0 && <Text size="2">No events for this date</Text>}
        {events.map((event) => (
          <Card
            key={event.id}
            style={{
              borderLeft: `6px solid ${eventColors({ id: event.typeId, color: event.color }).background}`,
            }}
          >
            <Flex justify="between" gap="3" align="baseline">
              <Text weight="bold" size="2">
                {event.name}
              </Text>
              <Text size="1" color="gray">
                {timeLabel(event)}
                {event.timeZone !== DISPLAY_TIME_ZONE && event.time ? ` (${event.timeZone})` : ''}
              </Text>
            </Flex>
            <Text as="p" size="1" color="gray">
              {event.typeName}
            </Text>
            {event.description && (
              <Text as="p" size="2" mt="1">
                {event.description}
              </Text>
            )}
            {canEdit && (
              <Flex justify="end" mt="2">
                <Button
                  size="1"
                  color="red"
                  variant="soft"
                  disabled={remove.isPending}
                  onClick={() => onDelete(event)}
                >
                  Delete
                </Button>
              </Flex>
            )}
          </Card>
        ))}
      </Flex>
      <Flex justify="end" gap="2" mt="4">
        {canEdit && date && (
          <Button variant="soft" onClick={() => onAddEvent(date)}>
            Add Event
          </Button>
        )}
        <Button variant="soft" color="gray" onClick={onClose}>
          Close
        </Button>
      </Flex>
    </AppDialog>
  );
}
