// How a person likes their item lists: cards or dense rows, unread only or everything, newest or oldest
// first. One choice for every list (My Feed, feeds, categories), remembered in this browser per person.
import { useCallback, useState } from 'react';

export type ListView = 'cards' | 'list';
export type ListSort = 'newest' | 'oldest';
export type ListSettings = { view: ListView; unreadOnly: boolean; sort: ListSort };

export const DEFAULT_LIST_SETTINGS: ListSettings = { view: 'cards', unreadOnly: false, sort: 'newest' };

const storageKey = (userId: number) => `feedloom:list-settings:${userId}`;

/** The saved settings, with anything unknown (an older version's, a hand edit) replaced by the default. */
export function readListSettings(userId: number): ListSettings {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null');
    if (!saved || typeof saved !== 'object') return DEFAULT_LIST_SETTINGS;
    const { view, unreadOnly, sort } = saved as Record<string, unknown>;
    return {
      view: view === 'list' ? 'list' : 'cards',
      unreadOnly: unreadOnly === true,
      sort: sort === 'oldest' ? 'oldest' : 'newest',
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
