// Keyboard shortcuts on item lists (issue 3, issue 14): j/k next/previous, o open, m toggle read, u unread
// only, s star, A mark all as read, r refresh, ? help.
// Keys typed into a field, with a modifier, or while a dialog is open are left alone.
import { useCallback, useEffect, useRef, useState } from 'react';

export type ItemKeyAction =
  | 'next'
  | 'previous'
  | 'open'
  | 'toggle-read'
  | 'star'
  | 'unread-only'
  | 'mark-all-read'
  | 'refresh'
  | 'help';

export const ITEM_SHORTCUTS: { key: string; action: ItemKeyAction; label: string }[] = [
  { key: 'j', action: 'next', label: 'Next item' },
  { key: 'k', action: 'previous', label: 'Previous item' },
  { key: 'o', action: 'open', label: 'Open the selected item' },
  { key: 'm', action: 'toggle-read', label: 'Mark the selected item read or unread' },
  { key: 's', action: 'star', label: 'Star the selected item, or unstar it' },
  { key: 'u', action: 'unread-only', label: 'Show unread items only, or everything' },
  { key: 'A', action: 'mark-all-read', label: 'Mark all as read' },
  { key: 'r', action: 'refresh', label: 'Refresh feeds' },
  { key: '?', action: 'help', label: 'Show keyboard shortcuts' },
];

const actionsByKey = new Map(ITEM_SHORTCUTS.map((shortcut) => [shortcut.key, shortcut.action]));

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

export function itemKeyAction(event: KeyboardEvent): ItemKeyAction | null {
  if (isIgnoredKeyEvent(event)) return null;
  return actionsByKey.get(event.key) ?? null;
}

/** The next selected index for a move, from `current` (-1 when nothing is selected yet). */
export function moveSelection(current: number, direction: 'next' | 'previous', count: number): number {
  if (count === 0) return -1;
  if (current < 0) return 0;
  const next = direction === 'next' ? current + 1 : current - 1;
  return Math.min(count - 1, Math.max(0, next));
}

type ItemKeyboardHandlers = {
  /** After j/k: the index now selected (to focus and scroll to it). */
  onMove?: (index: number) => void;
  onOpen: (index: number) => void;
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
export function useItemKeyboard(count: number, handlers: ItemKeyboardHandlers) {
  const [activeIndex, setActiveIndex] = useState(-1);
  const latest = useRef({ count, activeIndex, handlers });
  latest.current = { count, activeIndex, handlers };

  // A shorter list (a new filter) must not leave the selection past its end.
  const clamped = activeIndex >= count ? count - 1 : activeIndex;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = itemKeyAction(event);
      if (!action) return;
      const { count: total, activeIndex: current, handlers: on } = latest.current;
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
        case 'open':
          if (selected >= 0) on.onOpen(selected);
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
