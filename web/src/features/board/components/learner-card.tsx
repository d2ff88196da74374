// A learner card (spec §3, client.md §7.5): draggable; a single click on the card opens the
// learner overlay after 300 ms unless a double click (anywhere on the card) opens the notes
// instead. The card's own controls (menu, tags, links, the attention marker) keep their actions.
// Each control is its own focusable element; none is inside another.

import { type DraggableSyntheticListeners, useDraggable } from '@dnd-kit/core';
import { SINGLE_CLICK_DELAY_MS } from '@lp/contract/constants';
import { ExternalLinkIcon } from '@radix-ui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, memo, type PointerEvent, useCallback, useEffect, useRef } from 'react';
import { AttentionMarker, useAttentionReasons } from '@/features/health';
import { studentQuery, TagChips } from '@/features/learners';
import { useCardMark } from '../live/card-marks.ts';
import { cardStatus } from '../model/card-status.ts';
import type { BoardLearner } from '../model/types.ts';
import { AssessmentBadge } from './assessment-badge.tsx';
import type { CardHandlers } from './board-context.ts';
import { CardActivity } from './card-activity.tsx';
import { CardAvatar } from './card-avatar.tsx';
import { useFocusFollowsCard } from './card-focus.ts';
import { LearnerCardMenu } from './card-menu.tsx';
import { movedLikeADrag } from './prompt-pointer-sensor.ts';

export interface LearnerCardProps {
  learner: BoardLearner;
  /** The name of the self-assessment of the learner's book. */
  assessmentName: string | null;
  showTags: boolean;
  showAvatars: boolean;
  /** The small card of the compact board: the name on up to two lines, then days, then status. */
  compact: boolean;
  handlers: CardHandlers;
}

const days = (count: number | null) =>
  count === null ? null : `${count} ${count === 1 ? 'day' : 'days'}`;

/**
 * The card as dnd-kit's draggable: the only part that reads dnd-kit's context, which changes as a
 * drag starts, moves over the columns and ends. Every card renders then, so this part is the
 * hook alone; the shell and face below render only for the card whose own props changed (the
 * one picked up, by `isDragging`).
 */
export const LearnerCard = memo(function LearnerCard(props: LearnerCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: props.learner.id,
  });
  return (
    <CardShell
      {...props}
      listeners={listeners}
      setNodeRef={setNodeRef}
      setActivatorNodeRef={setActivatorNodeRef}
      moveHint={attributes['aria-describedby']}
      isDragging={isDragging}
    />
  );
});

interface CardShellProps extends LearnerCardProps {
  /** dnd-kit's, as useDraggable gives them (the same while the board shows). */
  listeners: DraggableSyntheticListeners;
  setNodeRef: (node: HTMLElement | null) => void;
  setActivatorNodeRef: (node: HTMLElement | null) => void;
  /** The id of dnd-kit's words on how to move a card. */
  moveHint: string | undefined;
  isDragging: boolean;
}

/**
 * The shell: a group of the card's own controls. The pointer drags it from anywhere; the
 * keyboard picks it up with its handle, a button the size of the card under the controls.
 * The face below re-renders only when the learner or the settings change.
 */
const CardShell = memo(function CardShell(props: CardShellProps) {
  const {
    learner,
    handlers,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    moveHint,
    isDragging,
    ...display
  } = props;
  const card = useRef<HTMLDivElement | null>(null);
  const handle = useRef<HTMLButtonElement | null>(null);
  const setCardRef = useCallback(
    (node: HTMLDivElement | null) => {
      card.current = node;
      setNodeRef(node);
    },
    [setNodeRef],
  );
  // Only the handle picks the card up: Enter or Space on its name, menu or tags do their own thing.
  const setHandleRef = useCallback(
    (node: HTMLButtonElement | null) => {
      handle.current = node;
      setActivatorNodeRef(node);
    },
    [setActivatorNodeRef],
  );
  useFocusFollowsCard(learner.id, card, handle);
  const focusCard = useCallback(() => handle.current?.focus(), []);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancelClick = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => cancelClick, [cancelClick]);
  // Where the pointer went down on the card: released as far away as a drag starts, the press was
  // a drag (put back with Escape, say, which leaves no drag to swallow the click), not a click.
  const pressedAt = useRef<{ x: number; y: number } | null>(null);
  const onPointerDownCapture = useCallback((event: PointerEvent) => {
    pressedAt.current = { x: event.clientX, y: event.clientY };
  }, []);
  // The overlay opens with the learner's record: it is fetched while the card is pointed at or
  // focused (once; then fresh for the query's stale time).
  const queryClient = useQueryClient();
  const prefetch = useCallback(
    () => void queryClient.prefetchQuery(studentQuery(learner.id)),
    [queryClient, learner.id],
  );

  const onNameClick = useCallback(
    (event: MouseEvent) => {
      cancelClick();
      if (event.detail === 0) handlers.openOverlay(learner);
      else if (event.detail === 1 && !movedLikeADrag(pressedAt.current, event)) {
        timer.current = setTimeout(() => {
          timer.current = null;
          handlers.openOverlay(learner);
        }, SINGLE_CLICK_DELAY_MS);
      }
    },
    [cancelClick, handlers, learner],
  );
  // A click between the card's controls lands on the card (the handle under them). The name is a
  // button of its own, for the keyboard; it opens the overlay itself.
  const onCardClick = useCallback(
    (event: MouseEvent) => {
      const target = event.target as HTMLElement;
      // React passes on clicks in portals (the menu, a dialog) opened from the card: not the card's.
      if (!event.currentTarget.contains(target)) return;
      const control = target.closest('button, a, .lp-card__attention');
      if (control && control !== handle.current) return;
      // The keyboard's Enter or Space on the handle picks the card up; only a pointer opens.
      if (event.detail === 0) return;
      onNameClick(event);
    },
    [onNameClick],
  );
  const onDoubleClick = useCallback(
    (event: MouseEvent) => {
      if ((event.target as HTMLElement).closest('[role="menuitem"], .lp-tag-chip__remove, a'))
        return;
      cancelClick();
      handlers.openNotes(learner);
    },
    [cancelClick, handlers, learner],
  );

  // Another person's change to this learner, shown for a few seconds ('moved to … by Ada').
  const mark = useCardMark(learner.id);
  const status = cardStatus(learner.assessment_status_id);
  // The cohort's health: a marker with its reasons, on flagged cards only.
  const reasons = useAttentionReasons(learner.id);
  // What changed first, then how to move the card.
  const describedBy = [mark && `lp-card-mark-${learner.id}`, moveHint].filter(Boolean).join(' ');
  return (
    // biome-ignore lint/a11y/useSemanticElements: one learner's controls, not a form's <fieldset>.
    <div
      ref={setCardRef}
      {...listeners}
      role="group"
      aria-roledescription="draggable learner card"
      aria-label={learner.name}
      data-learner-id={learner.id}
      className={`lp-card lp-card--${status.tone}${display.compact ? ' lp-card--compact' : ''}${isDragging ? ' lp-card--placeholder' : ''}${mark ? ' lp-card--changed' : ''}${reasons ? ' lp-card--flagged' : ''}`}
      onClick={onCardClick}
      onDoubleClick={onDoubleClick}
      onPointerDownCapture={onPointerDownCapture}
      onPointerEnter={prefetch}
      onFocus={prefetch}
    >
      <button
        ref={setHandleRef}
        type="button"
        className="lp-card__handle"
        // The skip link lands on the first card's handle (ui/skip-link.tsx).
        data-skip-target=""
        aria-label={`Move ${learner.name}`}
        aria-describedby={describedBy}
      />
      <CardFace
        {...display}
        learner={learner}
        handlers={handlers}
        onNameClick={onNameClick}
        focusCard={focusCard}
        interactive
      />
      {reasons && (
        <div className="lp-card__attention">
          <AttentionMarker reasons={reasons} />
        </div>
      )}
      {mark && (
        <span className="lp-card__mark" id={`lp-card-mark-${learner.id}`}>
          {mark}
        </span>
      )}
    </div>
  );
});

interface CardFaceProps extends LearnerCardProps {
  onNameClick?: (event: MouseEvent) => void;
  /** Where focus goes when the card's last tag is removed. */
  focusCard?: () => void;
  /** The drag overlay shows a copy without controls. */
  interactive: boolean;
}

export const CardFace = memo(function CardFace(props: CardFaceProps) {
  const {
    learner,
    assessmentName,
    showTags,
    showAvatars,
    handlers,
    onNameClick,
    focusCard,
    interactive,
  } = props;
  const status = cardStatus(learner.assessment_status_id);
  const repo = status.showsAssessmentLink && learner.assessment_url ? learner.assessment_url : null;
  return (
    <>
      {interactive && (
        <div className="lp-card__menu">
          <LearnerCardMenu learner={learner} handlers={handlers} />
        </div>
      )}
      <div className="lp-card__row">
        {showAvatars && <CardAvatar name={learner.name} src={learner.avatar} />}
        <button
          type="button"
          className="lp-card__name"
          onClick={onNameClick}
          tabIndex={interactive ? 0 : -1}
        >
          <span className="lp-card__name-text">{learner.name}</span>
        </button>
      </div>
      <div className="lp-card__meta">
        <span className="lp-card__days">{days(learner.project_duration)}</span>
        <CardActivity activity={learner.activity} />
        {repo && (
          <a
            className="lp-card__repo"
            href={repo}
            target="_blank"
            rel="noreferrer"
            title="Go to assessment repo"
            aria-label="Go to assessment repo"
          >
            <ExternalLinkIcon />
          </a>
        )}
      </div>
      {status.tone !== 'none' && (
        <AssessmentBadge name={assessmentName} statusId={learner.assessment_status_id} />
      )}
      {showTags && learner.tags.length > 0 && (
        <div className="lp-card__tags">
          <TagChips
            learnerId={learner.id}
            learnerName={learner.name}
            tags={learner.tags}
            readOnly={!interactive}
            onLastRemoved={focusCard}
          />
        </div>
      )}
    </>
  );
});
