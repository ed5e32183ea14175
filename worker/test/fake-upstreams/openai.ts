// An OpenAI-compatible chat completions API under /openai/v1/chat/completions (what OpenRouter, OpenAI,
// Ollama and vLLM speak). Requests are recorded by server.ts for tests to inspect. A magic word anywhere
// in the prompt picks a misbehaviour:
//   FAKE_429 busy · FAKE_500 server error · FAKE_HANG never answers · FAKE_GARBAGE an HTML page with
//   status 200 · FAKE_BADJSON a JSON content type with a broken body · FAKE_EMPTY an empty answer ·
//   FAKE_INJECT an answer with a script, an event handler and a tracking image · FAKE_LONG 1,000 characters ·
//   FAKE_CUT stops for length (finish_reason "length") mid-sentence, and finishes when asked to continue ·
//   FAKE_ALWAYS_CUT stops for length every time · FAKE_CITED a summary citing its items as asked ("… [n]"):
//   the first sentence of each item, then one invented sentence that no item says, cited as item 1.
// The API key CITING_KEY answers every request as FAKE_CITED does: a whole app configured with it (the
// browser suite's e2e/model-app.ts) writes its summaries and digests this way, whatever its items say.
// A support check (the prompt names FEEDLOOM_SUPPORT_CHECK) is judged as a careful model would: a
// sentence is "supported" when nearly all its words are in the sources given under it, "partly
// supported" when most are, else "not supported".
// Otherwise it answers a short HTML fragment naming the model. No bearer key → 401.
import type { FakeRoute } from './server';

type ChatRequest = { model?: string; messages?: { role: string; content: string }[]; max_tokens?: number };

const HANG_MS = 60_000;

/** The sentence the FAKE_CITED summary invents: no item mentions Globex or 9 billion. */
export const INVENTED_SENTENCE = 'Globex agreed to buy the company for 9 billion dollars.';

/** An API key that makes every answer a FAKE_CITED one. */
export const CITING_KEY = 'fake-key-that-cites';

/** A summary that cites its items: "[n] Title: …" blocks of the prompt, first sentence of each text. */
function citedSummary(prompt: string) {
  const sentences = [...prompt.matchAll(/^\[(\d+)\] Title:[^\n]*\n[^\n]*\nText: ([^\n]*)/gm)].flatMap((match) => {
    const first = match[2]?.match(/^.*?[.!?](?=\s|$)/)?.[0];
    return first ? [`<p>${first} [${match[1]}]</p>`] : [];
  });
  return `${sentences.join('')}<p>${INVENTED_SENTENCE} [1]</p>`;
}

const wordsOf = (text: string) => (text.toLowerCase().match(/[a-z0-9]{4,}/g) ?? []) as string[];

/** Verdicts for a support check: the share of each sentence's words found in its sources. */
function judge(prompt: string) {
  const blocks = [
    ...prompt.matchAll(
      /Sentence (\d+): ([^\n]*)\nSources of sentence \d+:\n([\s\S]*?)(?=\n\nSentence \d+:|\n<<<|\nFEED_DATA>>>|$)/g,
    ),
  ];
  const verdicts = blocks.map((block) => {
    const words = wordsOf(block[2] ?? '');
    const source = new Set(wordsOf(block[3] ?? ''));
    const share = words.length === 0 ? 1 : words.filter((word) => source.has(word)).length / words.length;
    const verdict = share >= 0.9 ? 'supported' : share >= 0.6 ? 'partly supported' : 'not supported';
    return { n: Number(block[1]), verdict, passage: verdict === 'not supported' ? '' : (block[3] ?? '').slice(0, 120) };
  });
  return JSON.stringify({ verdicts });
}

const completion = (model: string, content: string, finishReason: 'stop' | 'length' = 'stop') => ({
  id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
  object: 'chat.completion',
  created: Math.floor(Date.now() / 1000),
  model,
  choices: [{ index: 0, finish_reason: finishReason, message: { role: 'assistant', content } }],
  usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
});

export const routeOpenAi: FakeRoute = (req, body, res) => {
  if (req.method !== 'POST' || req.url !== '/openai/v1/chat/completions') return false;
  const json = (status: number, payload: unknown) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(payload));
  };
  if (!req.headers.authorization?.startsWith('Bearer ')) {
    json(401, { error: { message: 'No auth credentials found', code: 401 } });
    return true;
  }
  const request = JSON.parse(body) as ChatRequest;
  const model = request.model ?? 'unknown';
  const prompt = (request.messages ?? []).map((message) => message.content).join('\n');
  if (prompt.includes('FEEDLOOM_SUPPORT_CHECK')) {
    json(200, completion(model, judge(prompt)));
  } else if (prompt.includes('FAKE_429')) {
    json(429, { error: { message: 'Rate limit exceeded', code: 429 } });
  } else if (prompt.includes('FAKE_500')) {
    json(500, { error: { message: 'Internal error', code: 500 } });
  } else if (prompt.includes('FAKE_HANG')) {
    const timer = setTimeout(() => json(200, completion(model, '<p>Too late</p>')), HANG_MS);
    res.on('close', () => clearTimeout(timer));
  } else if (prompt.includes('FAKE_GARBAGE')) {
    res.setHeader('content-type', 'text/html');
    res.end('<html><body>502 Bad Gateway (but sent as 200)</body></html>');
  } else if (prompt.includes('FAKE_BADJSON')) {
    res.setHeader('content-type', 'application/json');
    res.end('{"choices": [ this is not json');
  } else if (prompt.includes('FAKE_EMPTY')) {
    json(200, completion(model, ''));
  } else if (prompt.includes('FAKE_INJECT')) {
    json(
      200,
      completion(
        model,
        '<p>Summary of the article.</p><script>alert("pwned")</script><p onclick="steal()">Read on</p>' +
          '<img src="https://tracker.example/pixel.gif" width="1" height="1"><p><a href="javascript:alert(1)">click</a></p>',
      ),
    );
  } else if (prompt.includes('FAKE_ALWAYS_CUT')) {
    const continuing = request.messages?.some((message) => message.role === 'assistant');
    const part = continuing
      ? 'dle. Then it stops again in the mid'
      : '<p>Each part starts well. Then it stops in the mid';
    json(200, completion(model, part, 'length'));
  } else if (prompt.includes('FAKE_CUT')) {
    // A continuation request carries the answer so far as the assistant's turn.
    const continuing = request.messages?.some((message) => message.role === 'assistant');
    json(
      200,
      continuing
        ? completion(model, 'dle of a sentence.</p><p>The second half is whole.</p>')
        : completion(model, '<p>The first half of a long answer stops in the mid', 'length'),
    );
  } else if (prompt.includes('FAKE_CITED') || req.headers.authorization === `Bearer ${CITING_KEY}`) {
    json(200, completion(model, citedSummary(prompt)));
  } else if (prompt.includes('FAKE_LONG')) {
    json(200, completion(model, `<p>${'Long words here. '.repeat(60)}</p>`));
  } else {
    json(200, completion(model, `<p>Written by the fake model ${model}.</p>`));
  }
  return true;
};
