// The text model of the service context (services.ts): the online model (any OpenAI-compatible API,
// client.ts) when AI keys are configured, else the built-in offline model (offline.ts), behind one
// interface, so a generation never asks which one it has. Both return safe HTML within the platform's
// length.

import type { Config } from '../config';
import type { ContentType } from '../contracts/ai';
import { modelInfo } from '../contracts/models';
import { sanitizeHtml } from '../html/sanitize';
import { log } from '../lib/log';
import type { AiConnection } from './client';
import { formatOutput } from './format';
import { writeOffline } from './offline';
import { buildPrompt, PROMPT_VERSION, type TextTask } from './prompts';
import { completeWhole } from './whole-answer';

/** Which model the person asked for, and the generation it is for (logs). */
export type TextRequest = { model: string; generationId: number; timeoutMs: number };

export type TextModel = {
  /** "online" when an API key is configured; the SPA's warning toast names the other case. */
  kind: 'online' | 'offline';
  write(task: TextTask, request: TextRequest): Promise<string>;
};

const offlineModel: TextModel = {
  kind: 'offline',
  // The offline model's output is already within the platform's length; it is sanitised all the same.
  write: async (task) => sanitizeHtml(writeOffline(task), undefined, { allowImages: false }),
};

function onlineModel(connection: AiConnection): TextModel {
  return {
    kind: 'online',
    async write(task, request) {
      const prompt = buildPrompt(task, modelInfo(request.model));
      log.info('ai.request', { generationId: request.generationId, model: request.model, prompts: PROMPT_VERSION });
      const raw = await completeWhole(connection, {
        model: request.model,
        messages: prompt.messages,
        maxTokens: prompt.maxTokens,
        timeoutMs: request.timeoutMs,
      });
      return formatOutput(raw, task.contentType as ContentType);
    },
  };
}

export function createTextModel(config: Config): TextModel {
  return config.ai ? onlineModel(config.ai) : offlineModel;
}
