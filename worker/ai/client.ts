// Text completion through the `openai` SDK against any OpenAI-compatible API: OpenRouter by default,
// or OpenAI, Ollama, vLLM … by setting AI_BASE_URL. The SDK is imported lazily, so requests that never
// write with AI do not pay for loading it. Every failure becomes an AiError whose message can be shown
// to the person as it is; callers decide whether to record, refund or retry.

import type { AiConnection } from '../config';
import { USER_AGENT } from '../net/safe-fetch';

export type AiErrorKind = 'busy' | 'timeout' | 'upstream' | 'refused' | 'garbage' | 'empty' | 'image' | 'input';

export class AiError extends Error {
  constructor(
    readonly kind: AiErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'AiError';
  }
}

/**
 * How long a model may take. A rewrite waits `inlineMs` in the request (issue 4: 60 s) before it carries
 * on as a queue job, which may take `jobMs`. Mutable only so tests can shorten the clock.
 */
export const aiLimits = { inlineMs: 60_000, jobMs: 180_000 };

/** Where the online model lives: config.ts defines it and reads it from the environment. */
export { type AiConnection, DEFAULT_AI_BASE_URL } from '../config';

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

export type Completion = {
  model: string;
  messages: ChatMessage[];
  maxTokens: number;
  timeoutMs: number;
};

/** The model's text, and whether it stopped because it ran out of tokens (finish_reason "length"). */
export type CompletedText = { text: string; cutShort: boolean };

export async function completeText(connection: AiConnection, request: Completion): Promise<CompletedText> {
  const { default: OpenAI, APIError, APIConnectionError, APIConnectionTimeoutError } = await import('openai');
  const client = new OpenAI({
    apiKey: connection.apiKey,
    baseURL: connection.baseUrl,
    timeout: request.timeoutMs,
    // One attempt: the caller owns retries (a rewrite falls back to a job, a job records the failure).
    maxRetries: 0,
    // OpenRouter's optional attribution headers; other servers ignore them. The SDK's own User-Agent is
    // its class name, which the minified bundle renames (wrangler.toml keep_names = false): ours instead.
    defaultHeaders: { 'HTTP-Referer': connection.appUrl, 'X-Title': 'Feedloom', 'User-Agent': USER_AGENT },
  });
  let completion: unknown;
  try {
    completion = await client.chat.completions.create({
      model: request.model,
      messages: request.messages,
      max_tokens: request.maxTokens,
      temperature: 0.5,
    });
  } catch (error) {
    if (error instanceof APIConnectionTimeoutError) {
      throw new AiError('timeout', 'The AI provider did not answer in time. Please try again.');
    }
    if (error instanceof APIConnectionError) {
      throw new AiError('upstream', 'Could not reach the AI provider. Please try again later.');
    }
    if (error instanceof APIError) throw fromStatus(error.status, error.message);
    // The SDK throws a SyntaxError when a body that claims to be JSON is not.
    throw new AiError('garbage', 'The AI provider sent an answer we could not read. Please try again.');
  }
  return contentOf(completion);
}

function fromStatus(status: number | undefined, message: string) {
  if (status === 429) return new AiError('busy', 'The AI provider is busy right now. Please try again in a minute.');
  if (status === 401 || status === 403) {
    return new AiError('refused', 'The AI provider refused our API key. Please ask the administrator to check it.');
  }
  if (status === 402) return new AiError('refused', 'The AI provider account has run out of credit.');
  if (status !== undefined && status >= 500) {
    return new AiError('upstream', `The AI provider had a problem (error ${status}). Please try again later.`);
  }
  return new AiError('refused', `The AI provider refused the request: ${message.slice(0, 200)}`);
}

function contentOf(completion: unknown): CompletedText {
  if (typeof completion !== 'object' || completion === null || !('choices' in completion)) {
    throw new AiError('garbage', 'The AI provider sent an answer we could not read. Please try again.');
  }
  const choices = (completion as { choices: unknown }).choices;
  const first = Array.isArray(choices)
    ? (choices[0] as { message?: { content?: unknown }; finish_reason?: unknown } | undefined)
    : undefined;
  const content = first?.message?.content;
  if (typeof content !== 'string' || content.trim() === '') {
    throw new AiError('empty', 'The AI provider returned an empty answer. Please try again.');
  }
  return { text: content, cutShort: first?.finish_reason === 'length' };
}
