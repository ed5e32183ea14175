// Theme (spec §4): light, dark or system (the default), kept in localStorage under "theme". System follows
// the OS preference, live. Dark mode is a `dark` class on <html> (see styles.css); the header toggle
// switches between dark and light.
import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

const listeners = new Set<() => void>();
let resolved: ResolvedTheme = 'light';

function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark' || value === 'system';
}

export function readStoredTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : 'system';
  } catch {
    return 'system'; // storage disabled (privacy settings): behave as a first visit
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

export function resolveTheme(theme: Theme, prefersDark: boolean): ResolvedTheme {
  if (theme === 'system') return prefersDark ? 'dark' : 'light';
  return theme;
}

/** The theme the toggle switches to: the opposite of what is on screen. */
export function toggledTheme(current: ResolvedTheme): Theme {
  return current === 'dark' ? 'light' : 'dark';
}

/** Puts the stored theme on <html>; returns what is now on screen. */
export function applyTheme(): ResolvedTheme {
  const next = resolveTheme(readStoredTheme(), systemPrefersDark());
  const root = document.documentElement;
  root.classList.toggle('dark', next === 'dark');
  root.style.colorScheme = next;
  if (next !== resolved) {
    resolved = next;
    for (const listener of listeners) listener();
  }
  return next;
}

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not persisted, but still applied for this page.
  }
  applyTheme();
}

/** Follows OS changes (for "system") and changes made in other tabs. Returns the unsubscribe. */
export function watchTheme(): () => void {
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  const onChange = () => applyTheme();
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) applyTheme();
  };
  media?.addEventListener('change', onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    media?.removeEventListener('change', onChange);
    window.removeEventListener('storage', onStorage);
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useResolvedTheme(): ResolvedTheme {
  return useSyncExternalStore(
    subscribe,
    () => resolved,
    () => 'light',
  );
}
