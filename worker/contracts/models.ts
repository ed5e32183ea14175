// The one catalogue of AI models: the ids the API accepts (OpenRouter's names, which any
// OpenAI-compatible server can serve under the same ids), their display names, and how much input each
// may be sent. Pure data with no imports, shared with the SPA.
//
// The input budgets are ours, not the providers' context windows: they keep a request small enough for
// a Worker to build and send (CPU time, memory), and leave room for the answer.

export type ModelInfo = {
  id: string;
  name: string;
  /** The most prompt tokens we send (system text, instructions and quoted feed text together). */
  inputTokens: number;
};

/** Spec §9 "Rewrite": DeepSeek Chat v3 first, as the default. */
export const REWRITE_MODELS = [
  { id: 'deepseek/deepseek-chat-v3-0324', name: 'DeepSeek Chat v3', inputTokens: 32_000 },
  { id: 'google/gemini-2.5-flash-preview', name: 'Gemini 2.5 Flash Preview', inputTokens: 64_000 },
  { id: 'openai/gpt-4o-mini-search-preview', name: 'GPT-4o mini Search Preview', inputTokens: 32_000 },
  { id: 'perplexity/sonar', name: 'Perplexity Sonar', inputTokens: 24_000 },
] as const satisfies readonly ModelInfo[];

/** Spec §9 "Preferences": GPT-4o mini first, as the default; used for summaries and digests. */
export const PREFERENCE_MODELS = [
  { id: 'openai/gpt-4o-mini', name: 'GPT-4o mini', inputTokens: 64_000 },
  { id: 'openai/gpt-4o-mini-search-preview', name: 'GPT-4o mini Search', inputTokens: 32_000 },
  { id: 'google/gemini-2.0-flash-001', name: 'Gemini Flash', inputTokens: 64_000 },
  { id: 'deepseek/deepseek-chat-v3-0324', name: 'DeepSeek', inputTokens: 32_000 },
  { id: 'perplexity/sonar', name: 'Perplexity Sonar', inputTokens: 24_000 },
] as const satisfies readonly ModelInfo[];

export type RewriteModelId = (typeof REWRITE_MODELS)[number]['id'];
export type PreferenceModelId = (typeof PREFERENCE_MODELS)[number]['id'];
export type ModelId = RewriteModelId | PreferenceModelId;

export const DEFAULT_REWRITE_MODEL: RewriteModelId = 'deepseek/deepseek-chat-v3-0324';
export const DEFAULT_PREFERENCE_MODEL: PreferenceModelId = 'openai/gpt-4o-mini';

export const REWRITE_MODEL_IDS = REWRITE_MODELS.map((model) => model.id) as [RewriteModelId, ...RewriteModelId[]];
export const PREFERENCE_MODEL_IDS = PREFERENCE_MODELS.map((model) => model.id) as [
  PreferenceModelId,
  ...PreferenceModelId[],
];

/** A model we do not know (a row written by an older version) gets the smallest budget. */
const FALLBACK: ModelInfo = { id: 'unknown', name: 'Unknown model', inputTokens: 16_000 };

export function modelInfo(id: string): ModelInfo {
  return [...REWRITE_MODELS, ...PREFERENCE_MODELS].find((model) => model.id === id) ?? { ...FALLBACK, id };
}
