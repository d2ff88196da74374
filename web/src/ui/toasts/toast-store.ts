// Toasts as a tiny external store, so code outside React (the API client, shortcuts) can
// show them too. Timers live here; the <Toaster> only renders the list. The newest toast kept for
// its action (an Undo) has no timer, so that it can be reached from the keyboard (F8) at leisure:
// it stays until dismissed, until focus leaves it, or until a newer kept one comes.
import { TOAST_DURATION, TOAST_REMOVAL_MS } from '@lp/contract/constants';

export type ToastType = 'info' | 'message' | 'warning' | 'error' | 'done';
export type ToastDuration = keyof typeof TOAST_DURATION | number;

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  type?: ToastType;
  /**
   * 'short' 2 s, 'normal' 4 s, 'long' 8 s (default), or milliseconds; for a kept toast, counted
   * from when a newer kept one arrives.
   */
  duration?: ToastDuration;
  title?: string;
  action?: ToastAction;
  /** Keeps a toast with an action on screen while it is the newest such (see above). */
  keep?: boolean;
  /** Names what the toast is about, so that `dismissAbout` can take it away once moot. */
  about?: string;
}

export interface ToastItem {
  id: number;
  text: string;
  type: ToastType;
  title?: string;
  action?: ToastAction;
  keep: boolean;
  duration: number;
  leaving: boolean;
  about?: string;
}

interface Timer {
  /** null while paused. */
  handle: ReturnType<typeof setTimeout> | null;
  endsAt: number;
  remaining: number;
}

/** After a pause, a toast stays at least this long so it can still be read. */
const MIN_AFTER_PAUSE_MS = 1500;

let items: readonly ToastItem[] = [];
let nextId = 1;
const timers = new Map<number, Timer>();
/** Toasts the pointer or focus is on: their timers wait. */
const held = new Set<number>();
const listeners = new Set<() => void>();

function commit(next: readonly ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

function startTimer(id: number, ms: number) {
  if (held.has(id)) {
    timers.set(id, { handle: null, endsAt: Date.now() + ms, remaining: ms });
    return;
  }
  const handle = setTimeout(() => dismiss(id), ms);
  timers.set(id, { handle, endsAt: Date.now() + ms, remaining: ms });
}

/** A kept toast that waits for no timer. */
const untimed = (item: ToastItem) => item.keep && !item.leaving && !timers.has(item.id);

export function durationMs(duration: ToastDuration = 'long'): number {
  return typeof duration === 'number' ? Math.max(0, duration) : TOAST_DURATION[duration];
}

export function show(text: string, options: ToastOptions = {}): number {
  const id = nextId++;
  const duration = durationMs(options.duration);
  const item: ToastItem = {
    id,
    text,
    type: options.type ?? 'info',
    title: options.title,
    action: options.action,
    keep: Boolean(options.keep && options.action),
    duration,
    leaving: false,
    about: options.about,
  };
  if (item.keep) {
    for (const older of items) if (untimed(older)) startTimer(older.id, older.duration);
  }
  commit([...items, item]);
  if (!item.keep) startTimer(id, duration);
  return id;
}

/** Starts the removal animation, then removes the toast TOAST_REMOVAL_MS later. */
export function dismiss(id: number): void {
  const timer = timers.get(id);
  if (timer?.handle) clearTimeout(timer.handle);
  timers.delete(id);
  held.delete(id);
  if (!items.some((item) => item.id === id && !item.leaving)) return;
  commit(items.map((item) => (item.id === id ? { ...item, leaving: true } : item)));
  setTimeout(() => commit(items.filter((item) => item.id !== id)), TOAST_REMOVAL_MS);
}

/** Takes away the toasts shown `about` this (an Undo done elsewhere leaves theirs moot). */
export function dismissAbout(about: string): void {
  for (const item of items) if (item.about === about) dismiss(item.id);
}

/** Holds a toast on screen while the pointer or focus is on it. */
export function pause(id: number): void {
  held.add(id);
  const timer = timers.get(id);
  if (!timer?.handle) return;
  clearTimeout(timer.handle);
  timers.set(id, { handle: null, endsAt: timer.endsAt, remaining: timer.endsAt - Date.now() });
}

/** The pointer or focus left the toast; when focus left one with no timer, it goes too. */
export function resume(id: number, focusLeft = false): void {
  held.delete(id);
  const timer = timers.get(id);
  if (timer && !timer.handle) startTimer(id, Math.max(timer.remaining, MIN_AFTER_PAUSE_MS));
  const item = items.find((candidate) => candidate.id === id);
  if (focusLeft && item && untimed(item)) startTimer(id, MIN_AFTER_PAUSE_MS);
}

export function getToasts(): readonly ToastItem[] {
  return items;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A success toast's options with an 'Undo' action, kept until dismissed or left so that it can be
 * reached from the keyboard (F8); `about` names what it undoes, for `dismissAbout` once undone.
 */
export const undoableToast = (onUndo: () => void, about: string): ToastOptions => ({
  type: 'done',
  duration: 'long',
  action: { label: 'Undo', onClick: onUndo },
  keep: true,
  about,
});

/** The emitter, usable anywhere: `toast.show('Saved', { type: 'done' })`. */
export const toast = { show, dismiss, dismissAbout };
export type Toast = typeof toast;

/** For tests: remove every toast and timer at once. */
export function resetToasts(): void {
  for (const timer of timers.values()) if (timer.handle) clearTimeout(timer.handle);
  timers.clear();
  held.clear();
  commit([]);
}

/**
 * Whether an event happened on a toast. Dialogs ignore such "outside" clicks, and Escape pressed
 * on a toast (it takes focus back into the dialog): a toast's Undo must not close the overlay the
 * change was made in.
 */
export function isOnToast(event: Event): boolean {
  const target = event.target;
  return target instanceof Element && target.closest('.lp-toaster') !== null;
}
