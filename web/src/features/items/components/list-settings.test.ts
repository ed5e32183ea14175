import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LIST_SETTINGS, readListSettings, saveListSettings } from './list-settings';

describe('list settings', () => {
  beforeEach(() => localStorage.clear());

  it('starts with cards, everything, newest first, marking read on scroll in the expanded view', () => {
    expect(readListSettings(1)).toEqual({ view: 'cards', unreadOnly: false, sort: 'newest', markReadOnScroll: true });
  });

  it('remembers a choice per person', () => {
    saveListSettings(7, { view: 'expanded', unreadOnly: true, sort: 'oldest', markReadOnScroll: false });
    expect(readListSettings(7)).toEqual({
      view: 'expanded',
      unreadOnly: true,
      sort: 'oldest',
      markReadOnScroll: false,
    });
    expect(readListSettings(8)).toEqual(DEFAULT_LIST_SETTINGS);
  });

  it('falls back to the defaults for anything it does not know', () => {
    localStorage.setItem('feedloom:list-settings:3', '{"view":"tiles","unreadOnly":"yes","sort":1}');
    expect(readListSettings(3)).toEqual(DEFAULT_LIST_SETTINGS);
    localStorage.setItem('feedloom:list-settings:4', 'not json');
    expect(readListSettings(4)).toEqual(DEFAULT_LIST_SETTINGS);
  });
});
