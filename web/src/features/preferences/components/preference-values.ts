// The AI preferences form's values and labels (spec §5, §9). Server values the form cannot show are
// mapped onto ones it can: a "custom" frequency is none (spec §4), a retired model or language is the default.
import {
  CONTENT_LENGTHS,
  type ContentLength,
  contentLengthWords,
  DEFAULT_LANGUAGE,
  DEFAULT_PREFERENCE_MODEL,
  DIGEST_CONTENT_TYPES,
  type DigestContentType,
  FREQUENCIES,
  type Frequency,
  LANGUAGES,
  PREFERENCE_MODELS,
  type Preferences,
  preferencesSchema,
  WRITING_STYLES,
  type WritingStyle,
} from '@contracts/ai';

export const aiPreferencesSchema = preferencesSchema.pick({
  frequency: true,
  contentTypes: true,
  writingStyle: true,
  contentLength: true,
  language: true,
  aiModel: true,
});

export type AiPreferencesValues = {
  frequency: Frequency;
  contentTypes: DigestContentType[];
  writingStyle: WritingStyle;
  contentLength: ContentLength;
  language: string;
  aiModel: string;
};

export const frequencyLabels: Record<Frequency, string> = {
  none: 'None',
  daily: 'Daily',
  twice_daily: 'Twice daily',
  weekly: 'Weekly',
};

/** Spec §9 "Next delivery", in words. */
export const frequencyHints: Record<Frequency, string> = {
  none: 'No scheduled digests. You can still ask for one below.',
  daily: 'Every day at 9:00.',
  twice_daily: 'Every day at 9:00 and 18:00.',
  weekly: 'Once a week at 9:00.',
};

export const writingStyleLabels: Record<WritingStyle, string> = {
  professional: 'Professional',
  casual: 'Casual',
  technical: 'Technical',
  creative: 'Creative',
  academic: 'Academic',
};

export const contentLengthLabels: Record<ContentLength, string> = {
  brief: 'Brief',
  medium: 'Medium',
  detailed: 'Detailed',
};

export const contentLengthRange = (length: ContentLength) => {
  const [from, to] = contentLengthWords[length];
  return `${from}-${to} words`;
};

function oneOf<T extends string>(allowed: readonly T[], value: unknown, fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function toAiPreferencesValues(preferences: Preferences): AiPreferencesValues {
  return {
    frequency: oneOf(FREQUENCIES, preferences.frequency, 'none'),
    contentTypes: DIGEST_CONTENT_TYPES.filter((type) => preferences.contentTypes.includes(type)),
    writingStyle: oneOf(WRITING_STYLES, preferences.writingStyle, 'professional'),
    contentLength: oneOf(CONTENT_LENGTHS, preferences.contentLength, 'medium'),
    language: oneOf(LANGUAGES, preferences.language, DEFAULT_LANGUAGE),
    aiModel: oneOf(
      PREFERENCE_MODELS.map((model) => model.id),
      preferences.aiModel,
      DEFAULT_PREFERENCE_MODEL,
    ),
  };
}

/** Adds or removes one content type, keeping the order of the options. */
export function toggleContentType(
  selected: readonly DigestContentType[],
  type: DigestContentType,
  on: boolean,
): DigestContentType[] {
  return DIGEST_CONTENT_TYPES.filter((option) => (option === type ? on : selected.includes(option)));
}
