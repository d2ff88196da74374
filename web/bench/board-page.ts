// The board page as the bench opens it: the stored session of a signed-in instructor, put in
// place before the page's scripts run, and the marks the bench reads (cards on screen, long tasks).
import { STORAGE_KEYS } from '@lp/contract/constants';
import LZString from 'lz-string';

/** What `instrument` is given (serialised into the page). */
export interface PageSetup {
  sessionKey: string;
  session: string;
  cohortKey: string;
  cohort: number;
  cards: number;
  token: string;
}

/** The setup of a board of `cards` cards of `cohort`, seen by the instructor signed in. */
export const pageSetup = (
  signedIn: { profile: unknown; token: string },
  cohort: number,
  cards: number,
): PageSetup => ({
  sessionKey: STORAGE_KEYS.session,
  session: LZString.compressToUTF16(JSON.stringify(signedIn)),
  cohortKey: STORAGE_KEYS.activeCohort,
  cohort,
  cards,
  token: signedIn.token,
});

export interface BoardMarks {
  /** performance.now() (ms since navigation) of the frame that first showed all the cards. */
  cardsAt: number;
  longTasks: { start: number; duration: number }[];
}

/**
 * Runs in the page before its scripts, on every navigation: the stored session of the signed-in
 * instructor, and the marks the bench reads (cards on screen, long tasks).
 */
export function instrument(setup: PageSetup) {
  window.sessionStorage.setItem(setup.sessionKey, setup.session);
  // For the floor page (floor-page.ts), which reads no stored session.
  Object.assign(window, { benchToken: setup.token, benchCohort: setup.cohort });
  window.localStorage.setItem(setup.cohortKey, String(setup.cohort));
  const marks: BoardMarks = { cardsAt: -1, longTasks: [] };
  Object.assign(window, { boardBench: marks });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      marks.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
  const cards = document.getElementsByClassName('lp-card');
  const observer = new MutationObserver(() => {
    if (cards.length < setup.cards) return;
    observer.disconnect();
    // The frame after the one in which the cards came: painted by the time a message sent from
    // its animation frame callback arrives.
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        marks.cardsAt = performance.now();
      };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}
