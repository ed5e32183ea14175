// Which item stands for a story in a list (issue 24): the first of its items that arrived, among the
// feeds of the list's scope. That item is the story's card, its read state is the story's, and every other
// item of the story in scope is a later source: not a card of its own, and not an unread story of its own
// when it is unread. So a source that arrives after the person read the story leaves the story read (it
// is "1 new source" on the card), and an unread count of stories is the unread items that are not later
// sources. Pure: the members are read by story-members.ts.

/** An item of a story, as much as deciding its place needs. */
export type StoryMember = { id: number; feedId: number; storyId: number; createdAt: number };

const arrivedBefore = (a: StoryMember, b: StoryMember) =>
  a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id);

/** Each story's first item (its id) among the members in these feeds. */
export function firstSources(members: StoryMember[], inScope: (feedId: number) => boolean): Map<number, StoryMember> {
  const first = new Map<number, StoryMember>();
  for (const member of members) {
    if (!inScope(member.feedId)) continue;
    const known = first.get(member.storyId);
    if (!known || arrivedBefore(member, known)) first.set(member.storyId, member);
  }
  return first;
}

/** Whether the item is a later source of its story: another item of it in scope arrived first. */
export const isLaterSource = (item: { id: number; storyId: number }, first: Map<number, StoryMember>) => {
  const head = first.get(item.storyId);
  return head !== undefined && head.id !== item.id;
};

/**
 * How many of these unread items of stories, in the scope's feeds, are later sources of their stories:
 * what a scope's unread count of items says more than its count of stories.
 */
export function countLaterSources(
  unread: { id: number; feedId: number; storyId: number }[],
  members: StoryMember[],
  feedIds: Iterable<number>,
): number {
  const scope = new Set(feedIds);
  const inScope = (feedId: number) => scope.has(feedId);
  const first = firstSources(members, inScope);
  return unread.filter((item) => inScope(item.feedId) && isLaterSource(item, first)).length;
}
