import { DEFAULT_SUBJECT_TEMPLATE, emailSettingsSchema, type Preferences } from '@contracts/ai';
import { describe, expect, it } from 'vitest';
import { validateForm } from '@/lib/form';
import { apiKeysWarning } from './api-keys-warning';
import { aiPreferencesSchema, contentLengthRange, toAiPreferencesValues, toggleContentType } from './preference-values';

const saved: Preferences = {
  frequency: 'daily',
  contentTypes: ['recommendations', 'text_summary'],
  writingStyle: 'casual',
  contentLength: 'brief',
  language: 'French',
  aiModel: 'google/gemini-2.0-flash-001',
  emailDelivery: null,
  emailFormat: 'html',
  emailSubjectTemplate: DEFAULT_SUBJECT_TEMPLATE,
  nextDeliveryAt: null,
  emailDeliveryConfirmed: false,
};

describe('the AI preferences form', () => {
  it('starts from the saved values, content types in the order of the options', () => {
    expect(toAiPreferencesValues(saved)).toEqual({
      frequency: 'daily',
      contentTypes: ['text_summary', 'recommendations'],
      writingStyle: 'casual',
      contentLength: 'brief',
      language: 'French',
      aiModel: 'google/gemini-2.0-flash-001',
    });
  });

  it('shows a "custom" frequency as none, and a retired model or language as the default', () => {
    const odd = {
      ...saved,
      frequency: 'custom',
      aiModel: 'openai/gpt-3.5',
      language: 'Latin',
    } as unknown as Preferences;
    expect(toAiPreferencesValues(odd)).toMatchObject({
      frequency: 'none',
      aiModel: 'openai/gpt-4o-mini',
      language: 'English (US)',
    });
  });

  it('needs at least one content type', () => {
    const values = { ...toAiPreferencesValues(saved), contentTypes: toggleContentType([], 'text_summary', false) };
    expect(validateForm(aiPreferencesSchema, values)).toEqual({
      ok: false,
      errors: { contentTypes: 'At least one content type must be selected' },
    });
  });

  it('toggles content types without duplicates', () => {
    expect(toggleContentType(['topic_analysis'], 'text_summary', true)).toEqual(['text_summary', 'topic_analysis']);
    expect(toggleContentType(['text_summary', 'topic_analysis'], 'text_summary', true)).toEqual([
      'text_summary',
      'topic_analysis',
    ]);
    expect(toggleContentType(['text_summary', 'topic_analysis'], 'topic_analysis', false)).toEqual(['text_summary']);
  });

  it('gives the word ranges of spec §5', () => {
    expect([contentLengthRange('brief'), contentLengthRange('medium'), contentLengthRange('detailed')]).toEqual([
      '150-300 words',
      '300-600 words',
      '600-1000 words',
    ]);
  });
});

describe('the email settings form', () => {
  it('accepts an empty address as "no email delivery"', () => {
    const result = validateForm(emailSettingsSchema, {
      emailDelivery: '',
      emailFormat: 'plain_text',
      emailSubjectTemplate: 'Digest {date}',
    });
    expect(result).toEqual({
      ok: true,
      data: { emailDelivery: null, emailFormat: 'plain_text', emailSubjectTemplate: 'Digest {date}' },
    });
  });

  it('says what is wrong in the words of spec §5', () => {
    expect(
      validateForm(emailSettingsSchema, {
        emailDelivery: 'not-an-email',
        emailFormat: 'html',
        emailSubjectTemplate: ' ',
      }),
    ).toEqual({
      ok: false,
      errors: {
        emailDelivery: 'Please enter a valid email address',
        emailSubjectTemplate: 'Email subject template is required',
      },
    });
  });
});

describe('apiKeysWarning', () => {
  it('warns unless both keys are configured', () => {
    expect(apiKeysWarning({ openrouter: true, replicate: true })).toBeNull();
    expect(apiKeysWarning({ openrouter: false, replicate: false })?.description).toMatch(/offline model/);
    expect(apiKeysWarning({ openrouter: true, replicate: false })?.title).toMatch(/not configured/);
  });
});
