// The board's GitHub activity filters, beside 'Needs attention' in the board's toolbar: 'No push
// in N days' (N chosen, DEFAULT_NO_PUSH_DAYS at first) and 'Checks failing'. Each shows how many
// learners it picks out; the board shows the learners matching every filter that is on.
import { Button, Flex, TextField } from '@radix-ui/themes';
import { useId, useMemo, useState } from 'react';
import {
  type ActivityFilter,
  checksFailing,
  DEFAULT_NO_PUSH_DAYS,
  noPushIn,
} from '../model/activity.ts';
import type { BoardLearner } from '../model/types.ts';

interface ActivityFiltersProps {
  learners: readonly BoardLearner[];
  value: ActivityFilter;
  onChange: (value: ActivityFilter) => void;
}

/** Whole days from 1 to a year; anything else typed leaves the filter as it was. */
const MAX_DAYS = 365;

export function ActivityFilters({ learners, value, onChange }: ActivityFiltersProps) {
  // The chosen N is kept while the filter is off, so turning it on again uses it.
  const [days, setDays] = useState(value.noPushDays ?? DEFAULT_NO_PUSH_DAYS);
  const [daysText, setDaysText] = useState(String(days));
  const daysId = useId();
  const noPushOn = value.noPushDays !== null;
  const noPushCount = useMemo(
    () => learners.filter((learner) => noPushIn(learner, days)).length,
    [learners, days],
  );
  const failingCount = useMemo(() => learners.filter(checksFailing).length, [learners]);

  const chooseDays = (text: string) => {
    setDaysText(text);
    const chosen = Number(text);
    if (!Number.isInteger(chosen) || chosen < 1 || chosen > MAX_DAYS) return;
    setDays(chosen);
    if (noPushOn) onChange({ ...value, noPushDays: chosen });
  };

  return (
    <Flex align="center" gap="2" wrap="wrap" role="group" aria-label="GitHub activity filters">
      <Flex align="center" gap="1">
        <Button
          size="1"
          variant={noPushOn ? 'solid' : 'soft'}
          color="orange"
          highContrast={!noPushOn}
          aria-pressed={noPushOn}
          onClick={() => onChange({ ...value, noPushDays: noPushOn ? null : days })}
        >
          No push in {days} {days === 1 ? 'day' : 'days'} ({noPushCount})
        </Button>
        <label htmlFor={daysId} className="lp-visually-hidden">
          Days without a push
        </label>
        <TextField.Root
          id={daysId}
          size="1"
          type="number"
          min={1}
          max={MAX_DAYS}
          value={daysText}
          onChange={(event) => chooseDays(event.target.value)}
          onBlur={() => setDaysText(String(days))}
          style={{ width: '4rem' }}
        />
      </Flex>
      <Button
        size="1"
        variant={value.checksFailing ? 'solid' : 'soft'}
        color="red"
        highContrast={!value.checksFailing}
        aria-pressed={value.checksFailing}
        onClick={() => onChange({ ...value, checksFailing: !value.checksFailing })}
      >
        Checks failing ({failingCount})
      </Button>
    </Flex>
  );
}
