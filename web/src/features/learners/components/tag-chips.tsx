// A learner's tags as chips. Only the cross removes a tag (the chip body does nothing, so a stray
// click never removes one); the removal happens at once and the toast offers 'Undo' (the
// learner's History keeps it too): the undo puts the same link back.
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
}

export function TagChips({
  learnerId,
  learnerName = 'the learner',
  tags,
  readOnly,
}: TagChipsProps) {
  const queryClient = useQueryClient();
  if (tags.length === 0) return null;

  const remove = async (chip: TagChip) => {
    try {
      const { historyId } = await untagStudent(chip.id);
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
              onClick={() => void remove(chip)}
            >
              <Cross2Icon width="10" height="10" />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
