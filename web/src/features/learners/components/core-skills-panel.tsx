// Core skills (spec §2 Core skills, client §8.2): a slider 1–10 per skill, saved when released
// (pointer or keyboard: Radix Slider's onValueCommit); 'Start Tracking Core Skills' when none.

import { CORE_SKILL_LEVEL } from '@lp/contract/constants';
import type { CoreSkillRecord } from '@lp/contract/core-skills';
import { QuestionMarkCircledIcon } from '@radix-ui/react-icons';
import { Box, Button, Flex, Heading, Slider, Text, Tooltip } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ErrorCallout } from '@/ui/error-callout.tsx';
import { Loading } from '@/ui/loading.tsx';
import { toast } from '@/ui/toasts/index.ts';
import { ICON_TOOLTIP_DELAY_MS } from '@/ui/tooltip-delay.ts';
import { useCoreSkillRecords, useSetLevel, useStartTracking } from '../api/core-skills.ts';
import { showWithUndo } from '../api/undo.ts';
import { SKILL_HELP, START_TRACKING } from '../model/texts.ts';

export function CoreSkillsPanel({ learnerId }: { learnerId: number }) {
  const records = useCoreSkillRecords(learnerId);
  const start = useStartTracking(learnerId);
  const queryClient = useQueryClient();

  let body: ReactNode;
  if (records.isPending) body = <Loading label="Loading core skills…" />;
  else if (records.isError)
    body = <ErrorCallout error={records.error} retry={() => records.refetch()} compact />;
  else if (records.data.length === 0)
    body = (
      <Button
        color="amber"
        loading={start.isPending}
        onClick={() =>
          start.mutate(undefined, {
            onSuccess: (historyIds) =>
              showWithUndo(
                queryClient,
                `Started tracking ${historyIds.length} core skills`,
                learnerId,
                historyIds,
              ),
            onError: (error) => toast.show(error.message, { type: 'error', duration: 'normal' }),
          })
        }
      >
        {START_TRACKING}
      </Button>
    );
  else
    body = (
      <div className="lp-skills">
        {records.data.map((record) => (
          <SkillSlider key={record.id} learnerId={learnerId} record={record} />
        ))}
      </div>
    );

  return (
    <Box asChild mb="4">
      <section aria-labelledby="lp-core-skills-heading">
        <Heading as="h3" size="3" mb="2" id="lp-core-skills-heading">
          Core Skills
        </Heading>
        {body}
      </section>
    </Box>
  );
}

function SkillSlider({ learnerId, record }: { learnerId: number; record: CoreSkillRecord }) {
  const save = useSetLevel(learnerId);
  const queryClient = useQueryClient();
  const [level, setLevel] = useState(record.level);
  useEffect(() => setLevel(record.level), [record.level]);
  const label = record.skill.label;
  const headingId = `lp-skill-${record.id}`;
  // Radix Themes' Slider names its root, not the thumb that has the slider role and takes the
  // keys: the thumb is named by the same heading.
  const sliderRef = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    sliderRef.current?.querySelector('[role="slider"]')?.setAttribute('aria-labelledby', headingId);
  }, [headingId]);

  const commit = (value: number) => {
    if (value === record.level) return;
    save.mutate(
      { record, level: value },
      {
        onSuccess: ({ historyId }) =>
          showWithUndo(queryClient, `${label} set to ${value}`, learnerId, historyId),
        onError: (error) => {
          setLevel(record.level);
          toast.show(error.message, { type: 'error', duration: 'normal' });
        },
      },
    );
  };

  return (
    <Flex direction="column" gap="2" className="lp-skill">
      <Flex align="center" gap="1">
        <Heading as="h4" size="2" id={headingId}>
          {label} ({level})
        </Heading>
        <Tooltip content={SKILL_HELP[label] ?? label} delayDuration={ICON_TOOLTIP_DELAY_MS}>
          <QuestionMarkCircledIcon aria-label={`About ${label}`} tabIndex={0} />
        </Tooltip>
      </Flex>
      <Slider
        ref={sliderRef}
        aria-labelledby={headingId}
        name={label}
        min={CORE_SKILL_LEVEL.min}
        max={CORE_SKILL_LEVEL.max}
        step={1}
        value={[level]}
        onValueChange={([value]) => value !== undefined && setLevel(value)}
        onValueCommit={([value]) => value !== undefined && commit(value)}
      />
      <Text size="1" color="gray" aria-live="polite">
        {save.isPending ? 'Saving…' : ''}
      </Text>
    </Flex>
  );
}
