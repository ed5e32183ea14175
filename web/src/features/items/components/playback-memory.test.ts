import { beforeEach, describe, expect, it } from 'vitest';
import { mediaKind } from './enclosure-player';
import { rememberedPosition, rememberedSpeed, rememberPosition, rememberSpeed } from './playback-memory';

beforeEach(() => localStorage.clear());

describe('the player’s memory', () => {
  it('resumes each item where it was left, and from the start once played to the end', () => {
    expect(rememberedPosition(7)).toBe(0);
    rememberPosition(7, 83.6);
    rememberPosition(8, 12);
    expect(rememberedPosition(7)).toBe(83);
    expect(rememberedPosition(8)).toBe(12);
    rememberPosition(7, 0);
    expect(rememberedPosition(7)).toBe(0);
    expect(rememberedPosition(8)).toBe(12);
  });

  it('keeps the speed last chosen, and only the speeds offered', () => {
    expect(rememberedSpeed()).toBe(1);
    rememberSpeed(1.5);
    expect(rememberedSpeed()).toBe(1.5);
    localStorage.setItem('feedloom:playback-speed', '16');
    expect(rememberedSpeed()).toBe(1);
  });

  it('forgets the oldest positions past 200 items', () => {
    for (let id = 1; id <= 205; id++) rememberPosition(id, 10);
    expect(rememberedPosition(1)).toBe(0);
    expect(rememberedPosition(5)).toBe(0);
    expect(rememberedPosition(6)).toBe(10);
    expect(rememberedPosition(205)).toBe(10);
  });
});

describe('mediaKind', () => {
  it('plays audio and video by type or extension, and offers other files to download', () => {
    expect(mediaKind({ url: 'https://x.test/a', type: 'audio/mpeg', length: null })).toBe('audio');
    expect(mediaKind({ url: 'https://x.test/a.webm', type: null, length: null })).toBe('video');
    expect(mediaKind({ url: 'https://x.test/a.mp3?x=1', type: null, length: null })).toBe('audio');
    expect(mediaKind({ url: 'https://x.test/a.pdf', type: 'application/pdf', length: null })).toBeNull();
  });
});
