// Podcasts play (issue 23): the sample podcast's episode opens in the article view with its audio, plays
// at 1.5×, resumes where it was left when opened again, and offers the file to download. Screenshots of
// the player at 1280 and 390 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, MOBILE, screenshot, url } from './app';
import { type Browser, openBrowser } from './browser';
import { postApi, SESSION_COOKIE, signUpThroughApi } from './people';
import { upgradeSignedInToPro } from './stripe';

const EPISODE = 'Giant Bombcast 603';

/** The podcast's page, and its newest episode opened in the article view; the dialog. */
async function openEpisode(page: Page, feedId: number) {
  await page.goto(url(`/feed/${feedId}`));
  const card = page.getByTestId('feed-card').filter({ hasText: EPISODE });
  await card.getByRole('button', { name: new RegExp(EPISODE) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Audio').waitFor();
  return dialog;
}

/** What the article's audio element says about itself. */
const audioState = (page: Page) =>
  page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio');
    return audio
      ? {
          src: audio.currentSrc,
          rate: audio.playbackRate,
          time: audio.currentTime,
          paused: audio.paused,
          error: audio.error?.code ?? null,
          ready: audio.readyState,
        }
      : null;
  });

describe('a podcast episode in the article view', () => {
  let desktop: Browser;
  let page: Page;
  let cookie = '';
  let podcastId = 0;

  beforeAll(async () => {
    const person = await signUpThroughApi('podcast');
    cookie = person.cookie;
    // A Free account follows the samples its plan has room for, and the podcast is the fourth: Pro has room.
    await upgradeSignedInToPro(cookie);
    await postApi('/api/dev/sample-feeds', {}, cookie);
    const groups = (await (
      await fetch(url('/api/categories/with-feeds'), { headers: { cookie: `${SESSION_COOKIE}=${cookie}` } })
    ).json()) as { feeds: { id: number; name: string }[] }[];
    podcastId = groups.flatMap((group) => group.feeds).find((feed) => feed.name === 'Giant Bombcast')?.id ?? 0;
    expect(podcastId).toBeGreaterThan(0);
    desktop = await openBrowser({ width: 1280, height: 800 });
    page = desktop.page;
    await desktop.context.addCookies([{ name: SESSION_COOKIE, value: cookie, url: baseURL }]);
  });

  afterAll(async () => {
    await desktop?.close();
  });

  it('plays the episode at 1.5× and offers it to download', async () => {
    const dialog = await openEpisode(page, podcastId);
    const download = dialog.getByRole('link', { name: /Download/ });
    expect(await download.getAttribute('href')).toMatch(/\/api\/dev\/sample-feeds\/audio\/bombcast-\d+\.wav$/);
    await dialog.getByRole('button', { name: 'Play at 1.5×' }).click();
    expect(await dialog.getByRole('button', { name: 'Play at 1.5×' }).getAttribute('aria-pressed')).toBe('true');
    // Muted, as a page may start playing without a click on the player itself (autoplay policy).
    await page.evaluate(async () => {
      const audio = document.querySelector<HTMLAudioElement>('audio');
      if (!audio) throw new Error('no audio');
      audio.muted = true;
      await audio.play();
    });
    await expect.poll(async () => (await audioState(page))?.time ?? 0, { timeout: 20_000 }).toBeGreaterThan(2);
    expect(await audioState(page)).toMatchObject({ rate: 1.5, paused: false, error: null });
    await screenshot(page, 'podcast-player-1280', false);
    await page.evaluate(() => document.querySelector<HTMLAudioElement>('audio')?.pause());
  });

  it('resumes where the episode was left when it is opened again, at the speed chosen', async () => {
    const left = (await audioState(page))?.time ?? 0;
    expect(left).toBeGreaterThan(2);
    // This browser keeps where the episode was left, in whole seconds.
    const kept = await page.evaluate(() =>
      Object.entries(localStorage).filter(([key]) => key.startsWith('feedloom:playback-position:')),
    );
    expect(kept).toHaveLength(1);
    expect(Number(kept[0]?.[1])).toBe(Math.floor(left));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await openEpisode(page, podcastId);
    await expect.poll(async () => (await audioState(page))?.time ?? 0).toBeGreaterThanOrEqual(Math.floor(left));
    expect((await audioState(page))?.rate).toBe(1.5);
  });

  it('shows the player at phone width', async () => {
    const phone = await openBrowser(MOBILE);
    try {
      await phone.context.addCookies([{ name: SESSION_COOKIE, value: cookie, url: baseURL }]);
      const dialog = await openEpisode(phone.page, podcastId);
      await dialog.getByRole('button', { name: 'Play at 1.5×' }).click();
      await expect.poll(async () => (await audioState(phone.page))?.ready ?? 0).toBeGreaterThanOrEqual(1);
      expect(await audioState(phone.page)).toMatchObject({ rate: 1.5, error: null });
      await screenshot(phone.page, 'podcast-player-390', false);
    } finally {
      await phone.close();
    }
  });
});
