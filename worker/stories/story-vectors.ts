// The optional path of story threads (issue 24, docs/stories.md "Across languages"): multilingual
// embeddings from Workers AI (@cf/baai/bge-m3) kept in a Vectorize index, one vector per story (its first
// item's), so that two outlets telling a story in different languages meet. Switched on by a binding:
// STORY_AI (Workers AI) with STORY_VECTORS (a Vectorize index of 1,024 dimensions, cosine), or, where
// bindings are not available (local runs, tests), the same two services over Cloudflare's HTTP API
// (STORY_VECTORS_API_URL and STORY_VECTORS_API_TOKEN), which the tests play with a local fake. Off, the
// words alone decide (grouping.ts); on, they still decide first, and embeddings only look for a story for
// the items the words found none for.

/** The Workers AI model: multilingual (100+ languages), 1,024 dimensions. */
export const STORY_MODEL = '@cf/baai/bge-m3';

/** A story as the vector index holds it: its id (its first item's) and its first item's feed and arrival. */
export type StoryVectorMatch = { storyId: number; score: number; feedId: number; at: number };

export type StoryVectors = {
  /** One embedding per text, in order. */
  embed(texts: string[]): Promise<number[][]>;
  /** The stories nearest to the vector, best first, each with its cosine similarity. */
  nearest(vector: number[], topK: number): Promise<StoryVectorMatch[]>;
  /** Indexes new stories by their first item's vector. */
  add(stories: { storyId: number; vector: number[]; feedId: number; at: number }[]): Promise<void>;
};

/** What the Workers AI binding offers that this uses. */
export type StoryAiBinding = {
  run(model: string, input: { text: string[] }): Promise<{ data: number[][] }>;
};

/** What a Vectorize index binding offers that this uses. */
export type StoryIndexBinding = {
  query(
    vector: number[],
    options: { topK: number; returnMetadata: 'all' },
  ): Promise<{ matches: { id: string; score: number; metadata?: Record<string, unknown> }[] }>;
  upsert(vectors: { id: string; values: number[]; metadata: Record<string, number> }[]): Promise<unknown>;
};

type Match = { id: string; score: number; metadata?: Record<string, unknown> };

const toMatch = (match: Match): StoryVectorMatch => ({
  storyId: Number(match.id),
  score: match.score,
  feedId: Number(match.metadata?.feedId),
  at: Number(match.metadata?.at),
});

const asVector = (story: { storyId: number; vector: number[]; feedId: number; at: number }) => ({
  id: String(story.storyId),
  values: story.vector,
  metadata: { feedId: story.feedId, at: story.at },
});

/** Through the Worker's bindings (production). */
export function storyVectorsFromBindings(ai: StoryAiBinding, index: StoryIndexBinding): StoryVectors {
  return {
    embed: async (texts) => (await ai.run(STORY_MODEL, { text: texts })).data,
    nearest: async (vector, topK) => (await index.query(vector, { topK, returnMetadata: 'all' })).matches.map(toMatch),
    add: async (stories) => {
      if (stories.length > 0) await index.upsert(stories.map(asVector));
    },
  };
}

/** Where the HTTP API is: an account's API base (https://api.cloudflare.com/client/v4/accounts/{id}), a token, an index. */
export type StoryVectorsApi = { apiUrl: string; token: string; index: string };

/** Cloudflare's answer envelope: `{success, result, errors}`. */
async function resultOf<T>(response: Response, what: string): Promise<T> {
  const body = (await response.json().catch(() => null)) as { success?: boolean; result?: T } | null;
  if (!response.ok || !body?.success || body.result === undefined)
    throw new Error(`${what} answered ${response.status}`);
  return body.result;
}

/** Over Cloudflare's HTTP API: Workers AI's /ai/run and Vectorize v2's /query and /upsert (NDJSON). */
export function storyVectorsOverHttp(api: StoryVectorsApi, fetcher: typeof fetch = fetch): StoryVectors {
  const base = api.apiUrl.replace(/\/+$/, '');
  const headers = { authorization: `Bearer ${api.token}` };
  const indexUrl = `${base}/vectorize/v2/indexes/${encodeURIComponent(api.index)}`;
  return {
    embed: async (texts) => {
      const response = await fetcher(`${base}/ai/run/${STORY_MODEL}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ text: texts }),
      });
      return (await resultOf<{ data: number[][] }>(response, 'Workers AI')).data;
    },
    nearest: async (vector, topK) => {
      const response = await fetcher(`${indexUrl}/query`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ vector, topK, returnMetadata: 'all' }),
      });
      return (await resultOf<{ matches: Match[] }>(response, 'Vectorize')).matches.map(toMatch);
    },
    add: async (stories) => {
      if (stories.length === 0) return;
      const response = await fetcher(`${indexUrl}/upsert`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/x-ndjson' },
        body: stories.map((story) => JSON.stringify(asVector(story))).join('\n'),
      });
      await resultOf(response, 'Vectorize');
    },
  };
}
