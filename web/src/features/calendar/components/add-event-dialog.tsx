import type { EventType } from '@lp/contract/events';
import { Button, Callout, DropdownMenu, Flex, Text, TextArea, TextField } from '@radix-ui/themes';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { AppDialog } from '@/ui/dialog/index.ts';
import { RequiredMark, RequiredNote } from '@/ui/form-field.tsx';
import { useToast } from '@/ui/toasts/index.ts';
import { useCreateEvents } from '../api/calendar-api.ts';
import {
  type AddEventForm,
  type AddEventProblem,
  addEventProblem,
  describeSelection,
  eventBodies,
} from '../model/add-event.ts';
import { eventColors } from '../model/event-colors.ts';

interface AddEventDialogProps {
  cohortId: number;
  types: readonly EventType[];
  /** The chosen day or range; null when closed. */
  range: { start: string; end: string } | null;
  onClose(): void;
}

const empty = (start: string, end: string): AddEventForm => ({
  name: '',
  typeId: null,
  start,
  end: end === start ? '' : end,
  time: '',
  description: '',
});

/** 'Add Event' for a day or a range: one event per day, saved before the dialog closes. */
export function AddEventDialog({ cohortId, types, range, onClose }: AddEventDialogProps) {
  const [form, setForm] = useState<AddEventForm>(empty('', ''));
  // A field's problem is shown under it and announced; a failed save has no field.
  const [problem, setProblem] = useState<{
    field?: AddEventProblem['field'];
    message: string;
  } | null>(null);
  const create = useCreateEvents(cohortId);
  const toast = useToast();

  useEffect(() => {
    if (range) {
      const [start, end] =
        range.start <= range.end ? [range.start, range.end] : [range.end, range.start];
      setForm(empty(start, end));
      setProblem(null);
    }
  }, [range]);

  const set = (changes: Partial<AddEventForm>) =>
    setForm((current) => ({ ...current, ...changes }));
  const chosen = types.find((type) => type.id === form.typeId);
  const id = useId();
  const label = (suffix: string, text: string, required = false) => (
    <Text
      as="label"
      htmlFor={`${id}-${suffix}`}
      size="2"
      weight="medium"
      mb="1"
      style={{ display: 'block' }}
    >
      {text}
      {required && <RequiredMark />}
    </Text>
  );
  /** The control's state for `field`: marked invalid and described by its problem. */
  const invalid = (field: AddEventProblem['field']) =>
    problem?.field === field
      ? { 'aria-invalid': true, 'aria-describedby': `${id}-problem` }
      : { 'aria-invalid': false };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = addEventProblem(form);
    // Rendered at once, so that the field can take the focus with its problem shown.
    flushSync(() => setProblem(found));
    if (found) {
      document.getElementById(`${id}-${found.field}`)?.focus();
      return;
    }
    const bodies = eventBodies(cohortId, form);
    create.mutate(bodies, {
      onSuccess: (count) => {
        toast.show(count > 1 ? `${count} events added` : 'Event added', {
          type: 'done',
          duration: 'short',
        });
        onClose();
      },
      onError: (error) => setProblem({ message: `Could not add the event: ${error.message}` }),
    });
  }

  return (
    <AppDialog
      open={range !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Add Event"
      description={form.start ? describeSelection(form.start, form.end) : undefined}
    >
      <form onSubmit={onSubmit} noValidate>
        <Flex direction="column" gap="3">
          <RequiredNote />
          <div>
            {label('name', 'Event Name', true)}
            <TextField.Root
              id={`${id}-name`}
              placeholder="Enter event name"
              aria-required
              {...invalid('name')}
              value={form.name}
              onChange={(event) => set({ name: event.target.value })}
              autoFocus
            />
          </div>
          <Flex gap="3" wrap="wrap">
            <div>
              {label('date', 'Date', true)}
              <TextField.Root
                id={`${id}-date`}
                aria-required
                {...invalid('date')}
                type="date"
                value={form.start}
                onChange={(event) => set({ start: event.target.value })}
              />
            </div>
            <div>
              {label('end', 'End date')}
              <TextField.Root
                id={`${id}-end`}
                {...invalid('end')}
                type="date"
                value={form.end}
                min={form.start}
                onChange={(event) => set({ end: event.target.value })}
              />
            </div>
            <div>
              {label('time', 'Time')}
              <TextField.Root
                id={`${id}-time`}
                type="time"
                value={form.time}
                onChange={(event) => set({ time: event.target.value })}
              />
            </div>
          </Flex>
          <div>
            <Text as="div" size="2" weight="medium" mb="1" id="event-type-label">
              Event Type
              <RequiredMark />
            </Text>
            <DropdownMenu.Root>
              <DropdownMenu.Trigger>
                <Button
                  id={`${id}-type`}
                  type="button"
                  variant="soft"
                  color={problem?.field === 'type' ? 'red' : 'gray'}
                  aria-invalid={problem?.field === 'type'}
                  {...(problem?.field === 'type' ? { 'aria-describedby': `${id}-problem` } : {})}
                  style={{ width: '100%', justifyContent: 'space-between' }}
                  aria-labelledby="event-type-label event-type-value"
                >
                  <Flex align="center" gap="2" id="event-type-value">
                    {chosen && (
                      <span
                        className="lp-event-dot"
                        style={{ background: eventColors(chosen).background }}
                      />
                    )}
                    {chosen ? chosen.description : 'Select event type'}
                  </Flex>
                  <DropdownMenu.TriggerIcon />
                </Button>
              </DropdownMenu.Trigger>
              <DropdownMenu.Content className="lp-popper">
                {types.map((type) => (
                  <DropdownMenu.Item key={type.id} onSelect={() => set({ typeId: type.id })}>
                    <span
                      className="lp-event-dot"
                      style={{ background: eventColors(type).background }}
                    />
                    {type.description}
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Content>
            </DropdownMenu.Root>
          </div>
          <div>
            {label('description', 'Description')}
            <TextArea
              id={`${id}-description`}
              placeholder="Enter event description"
              value={form.description}
              onChange={(event) => set({ description: event.target.value })}
            />
          </div>
          {problem && (
            <Callout.Root color="red" role="alert" size="1" id={`${id}-problem`}>
              <Callout.Text>{problem.message}</Callout.Text>
            </Callout.Root>
          )}
          <Flex justify="end" gap="2">
            <Button type="button" variant="soft" color="gray" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add Event
            </Button>
          </Flex>
        </Flex>
      </form>
    </AppDialog>
  );
}
