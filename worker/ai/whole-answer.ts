// A model that runs out of tokens stops mid-sentence (finish_reason "length"). We never store that: the
// model is asked to carry on from where it stopped, with the answer so far as its own turn, up to
// MAX_CONTINUATIONS times within the same time budget; if it is still not done, the answer ends at its
// last complete sentence rather than in the middle of one.
import { type AiConnection, type Completion, completeText } from './client';

export const MAX_CONTINUATIONS = 2;

export const CONTINUE_PROMPT =
  'Your answer was cut off. Continue exactly where it stopped, without repeating anything already written and without any preamble.';

/**
 * Sentence ends, optionally followed by closing quotes or brackets: Latin-style ones only before a space,
 * a tag or the end (so "example.com" and "3.5" are not ends); CJK, Devanagari and Arabic ones anywhere.
 */
const SENTENCE_END = /[.!?]["'”’)\]]*(?=\s|<|$)|[。！？।؟]["'”’」』)\]]*/gu;

/**
 * Cuts a text back to its last complete sentence. Any tag left open is closed later by the sanitiser;
 * a half-written tag after the cut goes with the rest.
 */
export function endAtLastSentence(text: string): string {
  let end = -1;
  for (const match of text.matchAll(SENTENCE_END)) end = match.index + match[0].length;
  return end > 0 ? text.slice(0, end) : text;
}

/** The whole answer to a completion, continuing it when the model stops for length. */
export async function completeWhole(connection: AiConnection, request: Completion): Promise<string> {
  const deadline = Date.now() + request.timeoutMs;
  let text = '';
  for (let part = 0; part <= MAX_CONTINUATIONS; part++) {
    const messages =
      part === 0
        ? request.messages
        : [
            ...request.messages,
            { role: 'assistant' as const, content: text },
            { role: 'user' as const, content: CONTINUE_PROMPT },
          ];
    const answer = await completeText(connection, {
      ...request,
      messages,
      timeoutMs: Math.max(1_000, deadline - Date.now()),
    });
    text += answer.text;
    if (!answer.cutShort) return text;
  }
  return endAtLastSentence(text);
}
