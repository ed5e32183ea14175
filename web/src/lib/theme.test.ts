import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, setTheme, THEME_STORAGE_KEY, toggledTheme, watchTheme } from './theme';

function fakeSystemPreference(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => media);
  return {
    change(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
  };
}

const isDark = () => document.documentElement.classList.contains('dark');

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('theme', () => {
  it('defaults to the system preference and follows it live', () => {
    const system = fakeSystemPreference(true);
    const stop = watchTheme();

    expect(applyTheme()).toBe('dark');
    expect(isDark()).toBe(true);

    system.change(false);
    expect(isDark()).toBe(false);
    stop();
  });

  it('keeps an explicit choice under "theme" and ignores the system then', () => {
    const system = fakeSystemPreference(false);
    const stop = watchTheme();

    setTheme('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(isDark()).toBe(true);

    system.change(false);
    expect(isDark()).toBe(true);
    stop();
  });

  it('treats an unknown stored value as system', () => {
    fakeSystemPreference(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(applyTheme()).toBe('light');
  });

  it('toggles between dark and light', () => {
    expect(toggledTheme('dark')).toBe('light');
    expect(toggledTheme('light')).toBe('dark');
  });
});
