import { describe, expect, it } from 'vitest';
import { STORY_WINDOW_MS } from './grouping';
import { STORY_MODEL, storyVectorsFromBindings } from './story-vectors';
import { storyByVector, VECTOR_JOIN_SCORE } from './vector-join';

const item = { feedId: 1, at: 10 * STORY_WINDOW_MS };
const match = (storyId: number, score: number, feedId = 2, at = item.at - 1000) => ({ storyId, score, feedId, at });

describe('joining a story by embedding', () => {
  it('joins the closest story of another feed whose first item arrived within 72 hours', () => {
    expect(storyByVector(item, [match(7, VECTOR_JOIN_SCORE + 0.01), match(8, 0.99)])).toBe(8);
  });

  it('leaves the item alone when the closest is too far, of its own feed or older than the window', () => {
    expect(storyByVector(item, [match(7, VECTOR_JOIN_SCORE - 0.01)])).toBeNull();
    expect(storyByVector(item, [match(7, 0.99, 1)])).toBeNull();
    expect(storyByVector(item, [match(7, 0.99, 2, item.at - STORY_WINDOW_MS - 1)])).toBeNull();
    expect(storyByVector(item, [])).toBeNull();
  });
});

describe('the bindings (STORY_AI, STORY_VECTORS)', () => {
  it('embed with the multilingual model, query with metadata and index each story by its id', async () => {
    const calls: unknown[] = [];
    const vectors = storyVectorsFromBindings(
      {
        run: async (model, input) => {
          calls.push(['run', model, input]);
          return { data: input.text.map(() => [1, 0]) };
        },
      },
      {
        query: async (vector, options) => {
          calls.push(['query', vector, options]);
          return { matches: [{ id: '42', score: 0.9, metadata: { feedId: 3, at: 5 } }] };
        },
        upsert: async (rows) => {
          calls.push(['upsert', rows]);
          return {};
        },
      },
    );
    expect(await vectors.embed(['a', 'b'])).toEqual([
      [1, 0],
      [1, 0],
    ]);
    expect(await vectors.nearest([1, 0], 3)).toEqual([{ storyId: 42, score: 0.9, feedId: 3, at: 5 }]);
    await vectors.add([{ storyId: 43, vector: [0, 1], feedId: 4, at: 6 }]);
    await vectors.add([]);
    expect(calls).toEqual([
      ['run', STORY_MODEL, { text: ['a', 'b'] }],
      ['query', [1, 0], { topK: 3, returnMetadata: 'all' }],
      ['upsert', [{ id: '43', values: [0, 1], metadata: { feedId: 4, at: 6 } }]],
    ]);
  });
});
