// Grouping at ingest (issue 24): the refresh hands a feed's new items to this hook before it stores them
// (db/item-store.ts storeItems). One lookup of the story index finds the stories their keys match; the
// rules (grouping.ts) decide, in arrival order; the items are stored with their story; then the new
// stories are indexed and the stories someone joined get their first item marked. Once per item, for
// everyone who follows the feed.
import type { Db } from '../db/client';
import type { ItemValues, StoryHook } from '../db/item-store';
import { markStoriesStarted, type NewStory, type StoryIndex, type StoryJoiner, storyIndexIn } from '../db/story-index';
import { htmlToText } from '../html/text';
import {
  decideStory,
  type Fingerprint,
  fingerprintItem,
  type StoryDecision,
  type StoryFirst,
  storyKeys,
} from './grouping';
import type { StoryVectors } from './story-vectors';
import { MOST_VECTOR_LOOKUPS, NEAREST_STORIES, storyByVector } from './vector-join';

/** The lead text an item is compared by: its content's text, else its summary's. */
const leadText = (row: ItemValues) => row.contentText || htmlToText(row.description ?? '');

/** The text an item's embedding is made of: its title and the start of its lead. */
const embeddingText = (row: ItemValues) => `${row.title}\n${leadText(row).slice(0, 1000)}`;

type Decided = { guidHash: string; fingerprint: Fingerprint; decision: StoryDecision; vector?: number[] };

/**
 * The items the words found no story for, looked up by embedding (story-vectors.ts), the newest first and
 * at most MOST_VECTOR_LOOKUPS of them: each takes a vector, and joins the story vector-join.ts allows. A
 * failure leaves the words' decisions as they are.
 */
async function joinByVectors(vectors: StoryVectors, decided: Decided[], rows: Map<string, ItemValues>) {
  const open = decided
    .filter((entry) => entry.decision.kind === 'new')
    .sort((a, b) => b.fingerprint.published - a.fingerprint.published)
    .slice(0, MOST_VECTOR_LOOKUPS);
  if (open.length === 0) return;
  try {
    const embeddings = await vectors.embed(open.map((entry) => embeddingText(rows.get(entry.guidHash) as ItemValues)));
    const nearest = await Promise.all(
      open.map((_, k) => (embeddings[k] ? vectors.nearest(embeddings[k], NEAREST_STORIES) : [])),
    );
    open.forEach((entry, k) => {
      entry.vector = embeddings[k];
      const storyId = storyByVector(entry.fingerprint, nearest[k] ?? []);
      if (storyId !== null) entry.decision = { kind: 'join', storyId, similarity: 0, republished: false };
    });
  } catch {
    // Grouping is a convenience, and the words have decided already.
  }
}

/**
 * The hook for one refresh: the story index is the primary database's unless the deployment keeps it
 * elsewhere (a ring of day databases at workload B: db/story-ring.ts).
 */
export function storyGrouping(
  db: Db,
  vectors: StoryVectors | null = null,
  index: StoryIndex = storyIndexIn(db.shards.primary().$client),
): StoryHook {
  let decided: Decided[] = [];
  return {
    async decide(feedId, fresh, arrivedAt) {
      const fingerprints = fresh.map((row) => ({
        row,
        fingerprint: fingerprintItem({
          feedId,
          at: arrivedAt,
          published: row.pubDate,
          title: row.title,
          text: leadText(row),
        }),
      }));
      const keys = fingerprints.flatMap(({ fingerprint }) => storyKeys(fingerprint));
      let candidates: StoryFirst[] = [];
      try {
        candidates = keys.length > 0 ? await index.find(keys, arrivedAt) : [];
      } catch {
        // Grouping is a convenience: the items are stored whatever the index says, each its own story.
        candidates = [];
      }
      decided = fingerprints.map(({ row, fingerprint }) => ({
        guidHash: row.guidHash,
        fingerprint,
        decision: decideStory(fingerprint, candidates),
      }));
      if (vectors) await joinByVectors(vectors, decided, new Map(fresh.map((row) => [row.guidHash, row])));
      return new Map(
        decided.map(({ guidHash, decision }) => [guidHash, decision.kind === 'join' ? decision.storyId : null]),
      );
    },
    async stored(inserted, now) {
      const idOf = new Map(inserted.map((row) => [row.guidHash, row.id]));
      const started: NewStory[] = [];
      const embedded: { storyId: number; vector: number[]; feedId: number; at: number }[] = [];
      const joiners: StoryJoiner[] = [];
      for (const { guidHash, fingerprint, decision, vector } of decided) {
        const id = idOf.get(guidHash);
        if (decision.kind === 'join' && id !== undefined)
          joiners.push({ storyId: decision.storyId, feedId: fingerprint.feedId, id, at: now });
        else if (decision.kind === 'new' && id !== undefined) {
          started.push({ storyId: id, keys: storyKeys(fingerprint), first: fingerprint });
          if (vector) embedded.push({ storyId: id, vector, feedId: fingerprint.feedId, at: fingerprint.at });
        }
      }
      await Promise.all([
        started.length > 0 ? index.add(started, now) : undefined,
        joiners.length > 0 ? markStoriesStarted(db, joiners) : undefined,
        // The new stories' vectors; a failure costs only later matches across languages.
        vectors && embedded.length > 0 ? vectors.add(embedded).catch(() => undefined) : undefined,
      ]);
    },
  };
}
