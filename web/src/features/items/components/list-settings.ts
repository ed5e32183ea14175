// How a person likes their item lists: cards, dense rows or whole articles one after another (expanded,
// issue 27 §1, which marks items read as they scroll past unless told not to), unread only or everything,
// newest or oldest first. One choice for every list (My Feed, feeds, categories), remembered in this
// browser per person.
import { useCallback, useState } from 'react';

export type ListView = 'cards' | 'list' | 'expanded';
export type ListSort = 'newest' | 'oldest';
export type ListSettings = { view: ListView; unreadOnly: boolean; sort: ListSort; markReadOnScroll: boolean };

export const DEFAULT_LIST_SETTINGS: ListSettings = {
  view: 'cards',
  unreadOnly: false,
  sort: 'newest',
  markReadOnScroll: true,
};

const storageKey = (userId: number) => `feedloom:list-settings:${userId}`;

/** The saved settings, with anything unknown (an older version's, a hand edit) replaced by the default. */
export function readListSettings(userId: number): ListSettings {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null');
    if (!saved || typeof saved !== 'object') return DEFAULT_LIST_SETTINGS;
    const { view, unreadOnly, sort, markReadOnScroll } = saved as Record<string, unknown>;
    return {
      view: view === 'list' || view === 'expanded' ? view : 'cards',
      unreadOnly: unreadOnly === true,
      sort: sort === 'oldest' ? 'oldest' : 'newest',
      markReadOnScroll: markReadOnScroll !== false,
    };
  } catch {
    return DEFAULT_LIST_SETTINGS;
  }
}

export function saveListSettings(userId: number, settings: ListSettings): void {
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(settings));
  } catch {
    // Private mode or a full store: the choice holds for this page only.
  }
}

export function useListSettings(userId: number) {
  const [settings, setSettings] = useState(() => readListSettings(userId));
  const update = useCallback(
    (change: Partial<ListSettings>) =>
      setSettings((current) => {
        const next = { ...current, ...change };
        saveListSettings(userId, next);
        return next;
      }),
    [userId],
  );
  return [settings, update] as const;
}
