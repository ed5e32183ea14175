// An OpenAI-compatible chat completions API under /openai/v1/chat/completions (what OpenRouter, OpenAI,
// Ollama and vLLM speak). Requests are recorded by server.ts for tests to inspect. A magic word anywhere
// in the prompt picks a misbehaviour:
//   FAKE_429 busy · FAKE_500 server error · FAKE_HANG never answers · FAKE_GARBAGE an HTML page with
//   status 200 · FAKE_BADJSON a JSON content type with a broken body · FAKE_EMPTY an empty answer ·
//   FAKE_INJECT an answer with a script, an event handler and a tracking image · FAKE_LONG 1,000 characters ·
//   FAKE_CUT stops for length (finish_reason "length") mid-sentence, and finishes when asked to continue ·
//   FAKE_ALWAYS_CUT stops for length every time.
// Otherwise it answers a short HTML fragment naming the model. No bearer key → 401.
import type { FakeRoute } from './server';

type ChatRequest = { model?: string; messages?: { role: string; content: string }[]; max_tokens?: number };

const HANG_MS = 60_000;

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
  if (prompt.includes('FAKE_429')) {
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
  } else if (prompt.includes('FAKE_LONG')) {
    json(200, completion(model, `<p>${'Long words here. '.repeat(60)}</p>`));
  } else {
    json(200, completion(model, `<p>Written by the fake model ${model}.</p>`));
  }
  return true;
};
