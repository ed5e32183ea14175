import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { preferences } from '../../schema';
import type { Preferences } from '../contracts/ai';
import { json, offlineAiWithHeldJobs, useFakeAi } from '../test/ai';
import { pinClock } from '../test/clock';
import { call, db, signUp } from '../test/helpers';

offlineAiWithHeldJobs();

describe('preferences', () => {
  it('answers the spec defaults, creating the row lazily', async () => {
    const { cookie } = await signUp();
    expect(await json(await call('/api/preferences', { cookie }))).toEqual({
      frequency: 'none',
      contentTypes: ['text_summary'],
      writingStyle: 'professional',
      contentLength: 'medium',
      language: 'English (US)',
      aiModel: 'openai/gpt-4o-mini',
      emailDelivery: null,
      emailFormat: 'html',
      emailSubjectTemplate: 'Your Feedloom digest for {date}',
      nextDeliveryAt: null,
      emailDeliveryConfirmed: false,
    });
  });

  it('saves every field and schedules the next delivery in the person’s zone', async () => {
    // 13:30 UTC is 22:30 in Tokyo: the next daily digest is 9:00 there the next morning.
    pinClock('2026-06-15T13:30:00Z');
    const { cookie, userId } = await signUp();
    await call('/api/users/me', { cookie, method: 'PATCH', json: { timezone: 'Asia/Tokyo' } });
    const body = {
      frequency: 'daily',
      contentTypes: ['text_summary', 'recommendations'],
      writingStyle: 'casual',
      contentLength: 'brief',
      language: 'Japanese',
      aiModel: 'google/gemini-2.0-flash-001',
      emailDelivery: 'Digest@Example.com',
      emailFormat: 'plain_text',
      emailSubjectTemplate: 'News for {date}',
    };
    const saved = await json<Preferences>(await call('/api/preferences', { cookie, method: 'PATCH', json: body }));
    expect(saved).toMatchObject({ ...body, emailDelivery: 'digest@example.com' });
    expect(saved.nextDeliveryAt).toBe('2026-06-16T00:00:00.000Z');

    const email = await call('/api/preferences/email', {
      cookie,
      method: 'PATCH',
      json: { emailDelivery: '', emailFormat: 'html', emailSubjectTemplate: 'Hi {date}' },
    });
    expect(await json(email)).toMatchObject({
      emailDelivery: null,
      emailSubjectTemplate: 'Hi {date}',
      language: 'Japanese',
    });
    const language = await call('/api/preferences/language', { cookie, method: 'PATCH', json: { language: 'German' } });
    expect(await json(language)).toMatchObject({ language: 'German', frequency: 'daily' });

    // A "custom" frequency written by an older version is answered as none.
    await db.update(preferences).set({ frequency: 'custom' }).where(eq(preferences.userId, userId));
    expect(await json(await call('/api/preferences', { cookie }))).toMatchObject({ frequency: 'none' });
  });

  it('refuses bad preferences with the spec’s messages', async () => {
    const { cookie } = await signUp();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ contentTypes: [] }, /^At least one content type must be selected$/],
      [{ emailDelivery: 'not an email' }, /^Please enter a valid email address$/],
      [{ emailSubjectTemplate: '   ' }, /^Email subject template is required$/],
      [{ language: 'Klingon' }, /supported languages/],
      [{ aiModel: 'openai/gpt-5-turbo-max' }, /available AI models/],
      [{ frequency: 'custom' }, /none, daily, twice_daily or weekly/],
      [{ contentTypes: ['poems'] }, /Unknown content type/],
    ];
    for (const [body, message] of cases) {
      const response = await call('/api/preferences', { cookie, method: 'PATCH', json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json<{ message: string }>(response)).message).toMatch(message);
    }
    const email = await call('/api/preferences/email', {
      cookie,
      method: 'PATCH',
      json: { emailDelivery: 'a@b.co', emailFormat: 'html', emailSubjectTemplate: '' },
    });
    expect(await json(email)).toMatchObject({ message: 'Email subject template is required' });
  });

  it('says which AI services are configured', async () => {
    const { cookie } = await signUp();
    expect(await json(await call('/api/preferences/has-api-keys', { cookie }))).toEqual({
      openrouter: false,
      replicate: false,
    });
    useFakeAi();
    expect(await json(await call('/api/preferences/has-api-keys', { cookie }))).toEqual({
      openrouter: true,
      replicate: true,
    });
  });
});
