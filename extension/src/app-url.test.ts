import { describe, expect, it } from 'vitest';
import { addFeedLink, parseAppUrl } from './app-url';

describe('parseAppUrl', () => {
  it('accepts http and https addresses, without the trailing slash', () => {
    expect(parseAppUrl(' https://feedloom.example.com/ ')).toEqual({
      ok: true,
      appUrl: 'https://feedloom.example.com',
    });
    expect(parseAppUrl('http://localhost:8787')).toEqual({ ok: true, appUrl: 'http://localhost:8787' });
    expect(parseAppUrl('https://example.com/apps/feedloom/')).toEqual({
      ok: true,
      appUrl: 'https://example.com/apps/feedloom',
    });
  });

  it.each([
    ['', 'Enter the address of your Feedloom app.'],
    ['feedloom.example.com', 'Enter a full address, such as https://feedloom.example.com.'],
    ['javascript:alert(1)', 'The address must start with http:// or https://.'],
    ['ftp://example.com', 'The address must start with http:// or https://.'],
    ['https://user:secret@example.com', 'The address must not contain a user name or password.'],
    ['https://example.com/?next=1', 'The address must not contain ? or #.'],
  ])('refuses %j', (input, message) => {
    expect(parseAppUrl(input)).toEqual({ ok: false, message });
  });
});

describe('addFeedLink', () => {
  it("opens the app's add-feed dialog with the feed URL encoded", () => {
    expect(addFeedLink('https://app.example', 'https://blog.example.com/feed?format=rss&lang=en#x')).toBe(
      'https://app.example/home?addFeed=https%3A%2F%2Fblog.example.com%2Ffeed%3Fformat%3Drss%26lang%3Den%23x',
    );
  });
});
