import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LIST_SETTINGS, readListSettings, saveListSettings } from './list-settings';

describe('list settings', () => {
  beforeEach(() => localStorage.clear());

  it('starts with cards, everything, newest first', () => {
    expect(readListSettings(1)).toEqual({ view: 'cards', unreadOnly: false, sort: 'newest' });
  });

  it('remembers a choice per person', () => {
    saveListSettings(7, { view: 'list', unreadOnly: true, sort: 'oldest' });
    expect(readListSettings(7)).toEqual({ view: 'list', unreadOnly: true, sort: 'oldest' });
    expect(readListSettings(8)).toEqual(DEFAULT_LIST_SETTINGS);
  });

  it('falls back to the defaults for anything it does not know', () => {
    localStorage.setItem('feedloom:list-settings:3', '{"view":"tiles","unreadOnly":"yes","sort":1}');
    expect(readListSettings(3)).toEqual(DEFAULT_LIST_SETTINGS);
    localStorage.setItem('feedloom:list-settings:4', 'not json');
    expect(readListSettings(4)).toEqual(DEFAULT_LIST_SETTINGS);
  });
});
