// The learner card menu (spec §2 Board, client.md §7.6): Learner Notes; Tag Learner; Book
// Assessment > Assessment status (only above status 1); Progress Tracking > Assign to project.
import { CaretDownIcon, CheckIcon } from '@radix-ui/react-icons';
import { DropdownMenu, IconButton } from '@radix-ui/themes';
import { memo, useState } from 'react';
import { assessmentStatusChoices, cardStatus } from '../model/card-status.ts';
import { assignTargets } from '../model/drop-rules.ts';
import type { BoardLearner } from '../model/types.ts';
import { type CardHandlers, useBoardMenu } from './board-context.ts';
import { PeopleIcon } from './icons.tsx';

interface CardMenuProps {
  learner: BoardLearner;
  handlers: CardHandlers;
}

/** Keys that open a menu from its button, as Radix's trigger takes them. */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * A board shows dozens of cards and their menus are opened one at a time, so a card renders
 * only the menu's button until it is first used; the menu itself (Radix's providers, anchor
 * and state, a good share of a card's render) mounts then, open.
 */
export const LearnerCardMenu = memo(function LearnerCardMenu({ learner, handlers }: CardMenuProps) {
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  const label = `Actions for ${learner.name}`;
  if (!used) {
    const openMenu = () => {
      setUsed(true);
      setOpen(true);
    };
    // Radix Themes' IconButton as markup: working out its props was a good share of a card's render.
    return (
      <button
        type="button"
        data-accent-color=""
        className="rt-reset rt-BaseButton rt-r-size-1 rt-variant-ghost rt-IconButton"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        onPointerDown={(event) => {
          // As Radix's trigger: the main button opens it, without moving focus first.
          if (event.button !== 0 || event.ctrlKey) return;
          event.preventDefault();
          openMenu();
        }}
        onKeyDown={(event) => {
          if (!OPENING_KEYS.has(event.key)) return;
          event.preventDefault();
          openMenu();
        }}
      >
        <CaretDownIcon />
      </button>
    );
  }
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger>
        <IconButton size="1" variant="ghost" aria-label={label}>
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
