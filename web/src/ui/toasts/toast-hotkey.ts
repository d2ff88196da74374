// F8 goes to the notifications, as in Radix's toast viewport and other applications: the one-
// and two-letter shortcuts would be typed into fields, and the browser keeps F6 for its panes.
export const TOAST_HOTKEY = 'F8';

/** The control F8 focuses: the newest open toast's action (its Undo), else its Dismiss. */
export function latestToastControl(list: HTMLElement | null): HTMLElement | null {
  if (!list) return null;
  const open = [...list.querySelectorAll<HTMLElement>('.lp-toast[data-state="open"]')];
  const withAction = open.findLast((toast) => toast.querySelector('.lp-toast__action'));
  if (withAction) return withAction.querySelector<HTMLElement>('.lp-toast__action');
  return open.at(-1)?.querySelector<HTMLElement>('.lp-toast__dismiss') ?? null;
}

/** Whether a key press is the bare hotkey. */
export const isToastHotkey = (event: KeyboardEvent) =>
  event.key === TOAST_HOTKEY &&
  !event.altKey &&
  !event.ctrlKey &&
  !event.metaKey &&
  !event.shiftKey;

/**
 * Where focus goes back to from the toasts: where F8 was pressed, or, when that was nowhere (the
 * focused control was removed) or is gone, the open dialog on top, whose focus trap would
 * otherwise leave focus on <body>.
 */
export function returnTarget(origin: Element | null): HTMLElement | null {
  if (origin instanceof HTMLElement && origin !== document.body && origin.isConnected)
    return origin;
  const dialogs = document.querySelectorAll<HTMLElement>(
    '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]',
  );
  return dialogs[dialogs.length - 1] ?? null;
}
