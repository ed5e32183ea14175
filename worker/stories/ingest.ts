// Grouping at ingest (issue 24): the refresh hands a feed's new items to this hook before it stores them
// (db/item-store.ts storeItems). One lookup of the story index finds the stories their keys match; the
// rules (grouping.ts) decide, in arrival order; the items are stored with their story; then the new
// stories are indexed and the stories someone joined get their first item marked. Once per item, for
// everyone who follows the feed.
import type { Db } from '../db/client';
import type { ItemValues, StoryHook } from '../db/item-store';
import { findStories, indexStories, markStoriesStarted, type NewStory } from '../db/story-index';
import { htmlToText } from '../html/text';
import {
  decideStory,
  type Fingerprint,
  fingerprintItem,
  type StoryDecision,
  type StoryFirst,
  storyKeys,
} from './grouping';

/** The lead text an item is compared by: its content's text, else its summary's. */
const leadText = (row: ItemValues) => row.contentText || htmlToText(row.description ?? '');

export function storyGrouping(db: Db): StoryHook {
  let decided: { guidHash: string; fingerprint: Fingerprint; decision: StoryDecision }[] = [];
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
        candidates = keys.length > 0 ? await findStories(db, keys) : [];
      } catch {
        // Grouping is a convenience: the items are stored whatever the index says, each its own story.
        candidates = [];
      }
      decided = fingerprints.map(({ row, fingerprint }) => ({
        guidHash: row.guidHash,
        fingerprint,
        decision: decideStory(fingerprint, candidates),
      }));
      return new Map(
        decided.map(({ guidHash, decision }) => [guidHash, decision.kind === 'join' ? decision.storyId : null]),
      );
    },
    async stored(inserted, now) {
      const idOf = new Map(inserted.map((row) => [row.guidHash, row.id]));
      const started: NewStory[] = [];
      const joined = new Set<number>();
      for (const { guidHash, fingerprint, decision } of decided) {
        const id = idOf.get(guidHash);
        if (decision.kind === 'join') joined.add(decision.storyId);
        else if (decision.kind === 'new' && id !== undefined)
          started.push({ storyId: id, keys: storyKeys(fingerprint), first: fingerprint });
      }
      await Promise.all([
        started.length > 0 ? indexStories(db, started, now) : undefined,
        joined.size > 0 ? markStoriesStarted(db, [...joined]) : undefined,
      ]);
    },
  };
}
