// The rewrite dialog's choices (spec §4: language, model and platform are remembered locally), and what
// keeps its button disabled (spec §5: credits below the chosen platform's cost; Pro platforms on Free).
import {
  type Credits,
  DEFAULT_LANGUAGE,
  DEFAULT_REWRITE_MODEL,
  LANGUAGES,
  proOnlyMessage,
  REWRITE_MODELS,
  REWRITE_PLATFORMS,
  type RewritePlatform,
  type RewritePlatformId,
} from '@contracts/ai';

export const REWRITE_SETTINGS_KEY = 'feedloom.rewrite-settings';

export type RewriteLanguage = (typeof LANGUAGES)[number];
export type RewriteModelId = (typeof REWRITE_MODELS)[number]['id'];
export type RewriteSettings = { language: RewriteLanguage; model: RewriteModelId; platform: RewritePlatformId };

export const DEFAULT_REWRITE_SETTINGS: RewriteSettings = {
  language: DEFAULT_LANGUAGE as RewriteLanguage,
  model: DEFAULT_REWRITE_MODEL,
  platform: 'text_summary',
};

type SettingsStorage = Pick<Storage, 'getItem' | 'setItem'>;

function oneOf<T extends string>(allowed: readonly T[], value: unknown, fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function browserStorage(): SettingsStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage can be switched off (some private modes): the dialog then starts from the defaults.
    return undefined;
  }
}

/** The remembered settings; anything missing, unknown (a retired model, say) or unreadable is the default. */
export function loadRewriteSettings(storage = browserStorage()): RewriteSettings {
  let saved: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(REWRITE_SETTINGS_KEY) ?? '{}');
    if (parsed && typeof parsed === 'object') saved = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: written by something else; start over.
  }
  return {
    language: oneOf(LANGUAGES, saved.language, DEFAULT_REWRITE_SETTINGS.language),
    model: oneOf(
      REWRITE_MODELS.map((model) => model.id),
      saved.model,
      DEFAULT_REWRITE_SETTINGS.model,
    ),
    platform: oneOf(
      REWRITE_PLATFORMS.map((platform) => platform.id),
      saved.platform,
      DEFAULT_REWRITE_SETTINGS.platform,
    ),
  };
}

export function saveRewriteSettings(settings: RewriteSettings, storage = browserStorage()): void {
  try {
    storage?.setItem(REWRITE_SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Full or blocked storage: the choice is simply not remembered.
  }
}

export const creditsLabel = (credits: number) => (credits === 1 ? '1 credit' : `${credits} credits`);

/** Why the rewrite cannot start, or null when it can. `credits` is undefined while the balance loads. */
export function rewriteBlocker(platform: RewritePlatform, credits: Credits | undefined): string | null {
  if (!credits) return 'Checking your credits…';
  if (platform.pro && !credits.isPro) return proOnlyMessage(platform);
  if (credits.credits < platform.credits) {
    return `Not enough credits: ${platform.name} needs ${creditsLabel(platform.credits)} and you have ${credits.credits}.`;
  }
  return null;
}
