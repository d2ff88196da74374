// The learner card menu (spec §2 Board, client.md §7.6): Learner Notes; Tag Learner; Book
// Assessment > Assessment status (only above status 1); Progress Tracking > Assign to project.
import { CaretDownIcon, CheckIcon } from '@radix-ui/react-icons';
import { DropdownMenu, IconButton } from '@radix-ui/themes';
import { memo } from 'react';
import { assessmentStatusChoices, cardStatus } from '../model/card-status.ts';
import { assignTargets } from '../model/drop-rules.ts';
import type { BoardLearner } from '../model/types.ts';
import { type CardHandlers, useBoardMenu } from './board-context.ts';
import { PeopleIcon } from './icons.tsx';

interface CardMenuProps {
  learner: BoardLearner;
  handlers: CardHandlers;
}

export const LearnerCardMenu = memo(function LearnerCardMenu({ learner, handlers }: CardMenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger>
        <IconButton size="1" variant="ghost" aria-label={`Actions for ${learner.name}`}>
          <CaretDownIcon />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content size="1" variant="soft">
        <DropdownMenu.Item onSelect={() => handlers.openNotes(learner)}>
          Learner Notes
        </DropdownMenu.Item>
        <DropdownMenu.Item onSelect={() => handlers.openTags(learner)}>
          Tag Learner
        </DropdownMenu.Item>
        <MenuSections learner={learner} />
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
});

function MenuSections({ learner }: { learner: BoardLearner }) {
  const { board, statuses, moveTo, chooseStatus } = useBoardMenu();
  const status = cardStatus(learner.assessment_status_id);
  const targets = assignTargets(board, learner);
  return (
    <>
      {status.showsAssessmentMenu && (
        <>
          <DropdownMenu.Separator />
          <DropdownMenu.Label>Book Assessment</DropdownMenu.Label>
          <DropdownMenu.Sub>
            <DropdownMenu.SubTrigger>Assessment status</DropdownMenu.SubTrigger>
            <DropdownMenu.SubContent>
              {assessmentStatusChoices(statuses).map((choice) => (
                <DropdownMenu.Item key={choice.id} onSelect={() => chooseStatus(learner, choice)}>
                  {choice.status}
                  {choice.id === learner.assessment_status_id && (
                    <CheckIcon aria-label="(current)" />
                  )}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.SubContent>
          </DropdownMenu.Sub>
        </>
      )}
      <DropdownMenu.Separator />
      <DropdownMenu.Label>Progress Tracking</DropdownMenu.Label>
      <DropdownMenu.Sub>
        <DropdownMenu.SubTrigger>Assign to project</DropdownMenu.SubTrigger>
        <DropdownMenu.SubContent>
          {targets.map(({ book, columns }) => (
            <DropdownMenu.Sub key={book.id}>
              <DropdownMenu.SubTrigger>{book.name}</DropdownMenu.SubTrigger>
              <DropdownMenu.SubContent>
                {columns.map((column) => {
                  const current =
                    column.kind !== 'assessment' && column.projectId === learner.project_id;
                  return (
                    <DropdownMenu.Item
                      key={column.key}
                      disabled={current}
                      onSelect={() => moveTo(learner, column)}
                    >
                      {column.kind === 'group' && <PeopleIcon label="Group project" />}
                      {column.kind === 'assessment'
                        ? `${column.name} (self-assessment)`
                        : column.name}
                      {current && <CheckIcon aria-label="(current project)" />}
                    </DropdownMenu.Item>
                  );
                })}
              </DropdownMenu.SubContent>
            </DropdownMenu.Sub>
          ))}
        </DropdownMenu.SubContent>
      </DropdownMenu.Sub>
    </>
  );
}
