// A learner's tags as chips. Only the cross removes a tag (the chip body does nothing, so a stray
// click never removes one); the removal happens at once and the toast offers 'Undo' (the
// learner's History keeps it too): the undo puts the same link back. Focus then moves to the
// next chip's cross (or the previous one's, or where `onLastRemoved` puts it), not to <body>.
import { Cross2Icon } from '@radix-ui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/ui/toasts/index.ts';
import { invalidateLearners } from '../api/keys.ts';
import { untagStudent } from '../api/tags.ts';
import { showWithUndo } from '../api/undo.ts';
import './learners.css';

export interface TagChip {
  /** The student-tag link id (as the board sends it). */
  id: number;
  /** The tag's name. */
  tag: string;
}

export interface TagChipsProps {
  learnerId: number;
  learnerName?: string;
  tags: TagChip[];
  /** Hide the crosses (read-only). */
  readOnly?: boolean;
  /** Where focus goes once the last tag is removed (no chip is left to take it). */
  onLastRemoved?: () => void;
}

/** The cross of the chip after the removed one, else of the one before it. */
function neighbourOf(cross: HTMLElement): HTMLElement | null {
  const chip = cross.closest('li');
  const next = chip?.nextElementSibling ?? chip?.previousElementSibling;
  return next?.querySelector<HTMLElement>('.lp-tag-chip__remove') ?? null;
}

export function TagChips({
  learnerId,
  learnerName = 'the learner',
  tags,
  readOnly,
  onLastRemoved,
}: TagChipsProps) {
  const queryClient = useQueryClient();
  if (tags.length === 0) return null;

  const remove = async (chip: TagChip, cross: HTMLElement) => {
    try {
      const { historyId } = await untagStudent(chip.id);
      // Unless focus has moved on meanwhile.
      if (document.activeElement === cross || document.activeElement === document.body) {
        const neighbour = neighbourOf(cross);
        if (neighbour) neighbour.focus();
        else onLastRemoved?.();
      }
      showWithUndo(queryClient, `Removed “${chip.tag}” from ${learnerName}`, learnerId, historyId);
    } catch (error) {
      toast.show((error as Error).message, { type: 'error', duration: 'normal' });
    } finally {
      await invalidateLearners(queryClient);
    }
  };

  return (
    <ul className="lp-tag-chips" aria-label="Tags">
      {tags.map((chip) => (
        <li key={chip.id} className="lp-tag-chip">
          {chip.tag}
          {!readOnly && (
            <button
              type="button"
              className="lp-tag-chip__remove"
              aria-label={`Remove tag ${chip.tag} from ${learnerName}`}
              onClick={(event) => void remove(chip, event.currentTarget)}
            >
              <Cross2Icon width="10" height="10" />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
