import type { StatusItem } from '@lp/contract/board';
import { createContext, useContext } from 'react';
import type { StatusChoice } from '../model/card-status.ts';
import type { Board, BoardColumn, BoardLearner } from '../model/types.ts';

/** What the learner overlay, notes and tag dialogs need from the board (the learners feature's). */
export interface LearnerDialogActions {
  openOverlay: (learner: BoardLearner) => void;
  openNotes: (learner: BoardLearner) => void;
  openTags: (learner: BoardLearner) => void;
}

/** Everything a card needs, passed once and kept stable so that cards re-render only when their learner does. */
export type CardHandlers = LearnerDialogActions;

/** The board as the card menu reads it when opened (menus are rendered only while open). */
export interface BoardMenuContext {
  board: Board;
  statuses: readonly StatusItem[];
  /** 'Assign to project': the same rules as a drop. */
  moveTo: (learner: BoardLearner, column: BoardColumn) => void;
  chooseStatus: (learner: BoardLearner, choice: StatusChoice) => void;
}

export const BoardMenuContextValue = createContext<BoardMenuContext | null>(null);

export function useBoardMenu(): BoardMenuContext {
  const value = useContext(BoardMenuContextValue);
  if (!value) throw new Error('The card menu is used inside <LearnerBoard>.');
  return value;
}
