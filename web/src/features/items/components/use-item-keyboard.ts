// Keyboard shortcuts on item lists (issue 3, issue 14, issue 27 §3): j/k next/previous, n next unread
// (on to the next feed with unread items at the end, as Google Reader does), o or Enter open, v the
// original, m toggle read, u unread only, s star, A mark all as read, r refresh, g then a/s/u to go to
// all items, Starred or the unread items, ? help.
// Keys typed into a field, with a modifier, or while a dialog is open are left alone.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';

export type ItemKeyAction =
  | 'next'
  | 'previous'
  | 'next-unread'
  | 'open'
  | 'open-original'
  | 'toggle-read'
  | 'star'
  | 'unread-only'
  | 'mark-all-read'
  | 'refresh'
  | 'go-all'
  | 'go-starred'
  | 'go-unread'
  | 'help';

export const ITEM_SHORTCUTS: { key: string; action: ItemKeyAction; label: string }[] = [
  { key: 'j', action: 'next', label: 'Next item' },
  { key: 'k', action: 'previous', label: 'Previous item' },
  { key: 'n', action: 'next-unread', label: 'Next unread item, on to the next feed at the end' },
  { key: 'o', action: 'open', label: 'Open the selected item, or close it' },
  { key: 'Enter', action: 'open', label: 'Open the selected item, or close it' },
  { key: 'v', action: 'open-original', label: 'Open the original in a new tab' },
  { key: 'm', action: 'toggle-read', label: 'Mark the selected item read or unread' },
  { key: 's', action: 'star', label: 'Star the selected item, or unstar it' },
  { key: 'u', action: 'unread-only', label: 'Show unread items only, or everything' },
  { key: 'A', action: 'mark-all-read', label: 'Mark all as read' },
  { key: 'r', action: 'refresh', label: 'Refresh feeds' },
  { key: 'g a', action: 'go-all', label: 'Go to all items (My Feed)' },
  { key: 'g s', action: 'go-starred', label: 'Go to Starred' },
  { key: 'g u', action: 'go-unread', label: 'Go to the unread items of My Feed' },
  { key: '?', action: 'help', label: 'Show keyboard shortcuts' },
];

const actionsByKey = new Map(ITEM_SHORTCUTS.map((shortcut) => [shortcut.key, shortcut.action]));

/** How long after `g` its second key counts (Gmail and Google Reader wait about as long). */
export const SEQUENCE_TIMEOUT_MS = 1500;

/**
 * The `g` waiting for its second key: one for the page, not per list, so a list that re-mounts between
 * the two keys (a route's page rendering again) still completes the sequence.
 */
let prefix: { key: string; at: number } | null = null;

/** What one key press means for the `g` sequence: it starts one, or it completes `prefix` (or neither). */
type SequenceStep = { starts: boolean; prefix: string | null };

/**
 * Each key press's step, decided by the first list to see it. Two lists can listen at once (one leaving
 * while the next arrives); if each read and reset `prefix` itself, the second would take the `g` the
 * first just set as its own prefix and drop it, and the `a` after it would do nothing.
 */
const stepOfEvent = new WeakMap<KeyboardEvent, SequenceStep>();

function sequenceStep(event: KeyboardEvent): SequenceStep {
  const known = stepOfEvent.get(event);
  if (known) return known;
  const pending = prefix && Date.now() - prefix.at < SEQUENCE_TIMEOUT_MS ? prefix.key : null;
  const starts = !pending && event.key === 'g' && !isIgnoredKeyEvent(event);
  prefix = starts ? { key: 'g', at: Date.now() } : null;
  const step = { starts, prefix: pending };
  stepOfEvent.set(event, step);
  return step;
}

/** True when the key belongs to what the person is typing or to an open dialog, not to the list. */
export function isIgnoredKeyEvent(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return true;
  const target = event.target;
  if (target instanceof HTMLElement) {
    if (target.isContentEditable) return true;
    if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
    if (target.closest('dialog')) return true;
  }
  return document.querySelector('dialog[open]') !== null;
}

/**
 * The action of a key, `prefix` being the first key of a sequence pressed just before (`g`). Enter on a
 * button or link is that control's own, so it opens nothing here.
 */
export function itemKeyAction(event: KeyboardEvent, prefix: string | null = null): ItemKeyAction | null {
  if (isIgnoredKeyEvent(event)) return null;
  if (prefix) return actionsByKey.get(`${prefix} ${event.key}`) ?? null;
  if (event.key === 'Enter' && event.target instanceof Element && event.target.closest('button, a, summary')) {
    return null;
  }
  return actionsByKey.get(event.key) ?? null;
}

/** The next selected index for a move, from `current` (-1 when nothing is selected yet). */
export function moveSelection(current: number, direction: 'next' | 'previous', count: number): number {
  if (count === 0) return -1;
  if (current < 0) return 0;
  const next = direction === 'next' ? current + 1 : current - 1;
  return Math.min(count - 1, Math.max(0, next));
}

/** The first unread index after `current`, or -1. */
export function nextUnreadIndex(current: number, isRead: readonly boolean[]): number {
  for (let index = Math.max(0, current + 1); index < isRead.length; index++) if (!isRead[index]) return index;
  return -1;
}

type ItemKeyboardHandlers = {
  /** After j/k/n: the index now selected (to focus and scroll to it). */
  onMove?: (index: number) => void;
  /** n with no unread item after the selected one in the loaded list. */
  onNoNextUnread?: () => void;
  onOpen: (index: number) => void;
  onOpenOriginal?: (index: number) => void;
  onGo?: (where: 'all' | 'starred' | 'unread') => void;
  onToggleRead: (index: number) => void;
  onToggleStar: (index: number) => void;
  onToggleUnreadOnly: () => void;
  onMarkAllRead: () => void;
  onRefresh: () => void;
  onHelp: () => void;
  /** Called when j moves onto the last item (to load the next page). */
  onReachEnd?: () => void;
};

/**
 * The selected item of a list of `count` items, moved by j/k. Returns the index and a setter (a click
 * on an item selects it too). The handlers may change on every render.
 */
export function useItemKeyboard(count: number, handlers: ItemKeyboardHandlers, isRead: readonly boolean[] = []) {
  const [activeIndex, setActiveIndex] = useState(-1);
  const latest = useRef({ count, activeIndex, handlers, isRead });
  latest.current = { count, activeIndex, handlers, isRead };

  // A shorter list (a new filter) must not leave the selection past its end.
  const clamped = activeIndex >= count ? count - 1 : activeIndex;

  // Attached in the commit that shows the list (a layout effect, not a passive one that may run a frame
  // later on a busy machine): once the list is on screen, its keys work.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const step = sequenceStep(event);
      if (step.starts) return;
      // A key another list already acted on (it prevents the default) is ignored here.
      const action = itemKeyAction(event, step.prefix);
      if (!action) return;
      const { count: total, activeIndex: current, handlers: on, isRead: read } = latest.current;
      const selected = Math.min(current, total - 1);
      event.preventDefault();
      switch (action) {
        case 'next':
        case 'previous': {
          const next = moveSelection(selected, action, total);
          setActiveIndex(next);
          if (next >= 0) on.onMove?.(next);
          if (action === 'next' && next === total - 1) on.onReachEnd?.();
          break;
        }
        case 'next-unread': {
          const next = nextUnreadIndex(selected, read);
          if (next === -1) {
            on.onNoNextUnread?.();
            break;
          }
          setActiveIndex(next);
          on.onMove?.(next);
          if (next === total - 1) on.onReachEnd?.();
          break;
        }
        case 'open':
          if (selected >= 0) on.onOpen(selected);
          break;
        case 'open-original':
          if (selected >= 0) on.onOpenOriginal?.(selected);
          break;
        case 'go-all':
          on.onGo?.('all');
          break;
        case 'go-starred':
          on.onGo?.('starred');
          break;
        case 'go-unread':
          on.onGo?.('unread');
          break;
        case 'toggle-read':
          if (selected >= 0) on.onToggleRead(selected);
          break;
        case 'star':
          if (selected >= 0) on.onToggleStar(selected);
          break;
        case 'unread-only':
          on.onToggleUnreadOnly();
          break;
        case 'mark-all-read':
          on.onMarkAllRead();
          break;
        case 'refresh':
          on.onRefresh();
          break;
        case 'help':
          on.onHelp();
          break;
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const select = useCallback((index: number) => setActiveIndex(index), []);
  return { activeIndex: clamped, select };
}
