// The text model of the service context (services.ts): the online model (any OpenAI-compatible API,
// client.ts) when AI keys are configured, else the built-in offline model (offline.ts), behind one
// interface, so a generation never asks which one it has. Both return safe HTML within the platform's
// length, with the sentences it makes and the items each one cites (issue 25), and both check those
// sentences against their items: the online model with a second call (support-judge.ts), the offline
// one deterministically (support-check.ts).

import type { Config } from '../config';
import type { Citation, ContentType } from '../contracts/ai';
import { modelInfo } from '../contracts/models';
import { sanitizeHtml } from '../html/sanitize';
import { htmlToPlainText } from '../html/text';
import { log } from '../lib/log';
import { CITATION_RETRY, type DraftCitation, numbersToIds, parseCitedAnswer, withoutMarkers } from './citations';
import type { AiConnection, ChatMessage } from './client';
import { termsOf } from './extractive';
import { formatOutput } from './format';
import { composeOffline } from './offline';
import { buildPrompt, PROMPT_VERSION, type SourceItem, type TextTask } from './prompts';
import { splitSentences } from './segment';
import { checkCitationsOffline } from './support-check';
import { judgeCitations } from './support-judge';
import { completeWhole } from './whole-answer';

/** Which model the person asked for, and the generation it is for (logs). */
export type TextRequest = { model: string; generationId: number; timeoutMs: number };

/** A written answer: its HTML, each sentence with the items it cites, and what it says before them. */
export type Written = { content: string; citations: DraftCitation[]; lead: string | null };

export type TextModel = {
  /** "online" when an API key is configured; the SPA's warning toast names the other case. */
  kind: 'online' | 'offline';
  write(task: TextTask, request: TextRequest): Promise<Written>;
  /** The support check's verdict on every citation. */
  check(citations: DraftCitation[], items: SourceItem[], request: TextRequest): Promise<Citation[]>;
};

export const MALFORMED_NOTE = 'The model did not cite its sources in a form that could be checked.';

/** A rewrite of one item: each sentence of it that says something cites that item. */
export function citeArticle(html: string, item: SourceItem): DraftCitation[] {
  return splitSentences(htmlToPlainText(html))
    .map((sentence) => sentence.replace(/^- /, '').trim())
    .filter((sentence) => termsOf(sentence).length >= 4 && !/https?:\/\//.test(sentence))
    .map((sentence) => ({ sentence, itemIds: [item.id] }));
}

const offlineModel: TextModel = {
  kind: 'offline',
  // The offline model's output is already within the platform's length; it is sanitised all the same.
  write: async (task) => {
    const answer = composeOffline(task);
    return {
      content: sanitizeHtml(answer.html, undefined, { allowImages: false }),
      citations: answer.citations,
      lead: answer.lead,
    };
  },
  check: async (citations, items) => checkCitationsOffline(citations, items),
};

function onlineModel(connection: AiConnection): TextModel {
  return {
    kind: 'online',
    async write(task, request) {
      const prompt = buildPrompt(task, modelInfo(request.model));
      log.info('ai.request', { generationId: request.generationId, model: request.model, prompts: PROMPT_VERSION });
      const ask = async (messages: ChatMessage[]) =>
        formatOutput(
          await completeWhole(connection, {
            model: request.model,
            messages,
            maxTokens: prompt.maxTokens,
            timeoutMs: request.timeoutMs,
          }),
          task.contentType as ContentType,
        );
      const first = await ask(prompt.messages);
      if (task.scope.kind === 'article') {
        const item = task.items[0] as SourceItem;
        return { content: first, citations: citeArticle(first, item), lead: null };
      }
      let html = first;
      let parsed = parseCitedAnswer(html);
      if (!parsed.ok) {
        // Malformed: asked once more, with what was wrong; then stored with every sentence unverified.
        log.warn('ai.citations_malformed', { generationId: request.generationId, problem: parsed.problem });
        html = await ask([
          ...prompt.messages,
          { role: 'assistant', content: first },
          { role: 'user', content: CITATION_RETRY(parsed.problem) },
        ]);
        parsed = parseCitedAnswer(html);
      }
      const citations = parsed.ok
        ? parsed.citations.map((citation) => numbersToIds(citation, task.items))
        : parsed.sentences.map((sentence) => ({ ...sentence, itemIds: [], unverified: true, note: MALFORMED_NOTE }));
      return { content: withoutMarkers(html), citations, lead: null };
    },
    check: (citations, items, request) => judgeCitations(connection, request, citations, items),
  };
}

export function createTextModel(config: Config): TextModel {
  return config.ai ? onlineModel(config.ai) : offlineModel;
}
