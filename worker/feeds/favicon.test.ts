import { describe, expect, it } from 'vitest';
import { faviconFor } from './favicon';

describe('faviconFor', () => {
  const site = 'https://www.example.com/blog/';

  it('picks the declared icon nearest 32 px, resolved against the page', () => {
    const html = `<head>
      <link rel="apple-touch-icon" href="/apple-touch-icon.png">
      <link rel="icon" type="image/png" sizes="16x16" href="/favicon-16.png">
      <link rel="icon" type="image/png" sizes="48x48 96x96" href="/favicon-48.png">
      <link rel="icon" type="image/png" sizes="32x32" href="icons/favicon-32.png">
      <link rel="icon" type="image/png" sizes="192x192" href="/android-chrome.png"></head>`;
    expect(faviconFor(site, html)).toBe('https://www.example.com/blog/icons/favicon-32.png');
  });

  it('understands shortcut icon, sizes="any", apple-touch-icon as a last resort, and <base>', () => {
    expect(faviconFor(site, '<link rel="shortcut icon" href="/favicon.ico">')).toBe(
      'https://www.example.com/favicon.ico',
    );
    expect(
      faviconFor(site, '<link rel="apple-touch-icon" href="/t.png"><link rel="icon" href="i.svg" sizes="any">'),
    ).toBe('https://www.example.com/blog/i.svg');
    expect(faviconFor(site, '<link rel="apple-touch-icon" sizes="180x180" href="/t.png">')).toBe(
      'https://www.example.com/t.png',
    );
    expect(faviconFor(site, '<base href="https://cdn.example.net/"><link rel="icon" href="f.ico">')).toBe(
      'https://cdn.example.net/f.ico',
    );
  });

  it('falls back to the favicon service at 32 px', () => {
    const service = 'https://www.google.com/s2/favicons?domain=www.example.com&sz=32';
    expect(faviconFor(site)).toBe(service);
    expect(faviconFor(site, '<link rel="stylesheet" href="a.css">')).toBe(service);
    expect(
      faviconFor(site, '<link rel="icon" href="data:image/png;base64,AAAA"><link rel="icon" href="javascript:x">'),
    ).toBe(service);
    expect(faviconFor(site, '<link rel="mask-icon" href="/mask.svg">')).toBe(service);
  });
});
