// The grouping over a stream of items held in memory: what the story index does in D1 (story-index.ts),
// as one small class, for the quality bench (bench/stories.mjs) and the rules' tests. Items must come in
// the order they arrive.
import {
  decideStory,
  type Fingerprint,
  fingerprintItem,
  STORY_WINDOW_MS,
  type StoryDecision,
  type StoryFirst,
  type StoryInput,
  storyKeys,
} from './grouping';

export class StoryGrouper {
  private readonly byKey = new Map<string, StoryFirst[]>();
  private nextId = 1;
  /** Index entries the lookups matched, as the story index's statement would read them (the bench's cost). */
  matchesRead = 0;

  /** The story id given to the item (a new one when it starts or stays alone) and the decision. */
  add(input: StoryInput): { storyId: number; decision: StoryDecision; fingerprint: Fingerprint } {
    const fingerprint = fingerprintItem(input);
    const keys = storyKeys(fingerprint);
    const candidates = new Map<number, StoryFirst>();
    for (const key of keys) {
      const stories = this.byKey.get(key) ?? [];
      // Stories whose first item left the window are dropped, as the index's rows are.
      const live = stories.filter((story) => input.at - story.first.at <= STORY_WINDOW_MS);
      if (live.length !== stories.length) this.byKey.set(key, live);
      this.matchesRead += live.length;
      for (const story of live) candidates.set(story.storyId, story);
    }
    const decision = decideStory(fingerprint, [...candidates.values()]);
    if (decision.kind === 'join') return { storyId: decision.storyId, decision, fingerprint };
    const storyId = this.nextId++;
    if (decision.kind === 'new') {
      const story: StoryFirst = { storyId, first: fingerprint };
      for (const key of keys) this.byKey.set(key, [...(this.byKey.get(key) ?? []), story]);
    }
    return { storyId, decision, fingerprint };
  }

  /**
   * Takes back a story the last item started, when another rule (the embeddings', story-vectors.ts) joins
   * that item to an older story instead: as in production, it then starts none.
   */
  withdraw(storyId: number) {
    for (const [key, stories] of this.byKey) {
      const kept = stories.filter((story) => story.storyId !== storyId);
      if (kept.length !== stories.length) this.byKey.set(key, kept);
    }
  }
}
