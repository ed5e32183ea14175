// The items a generation is written from, as a prompt takes them: their article text (reduced from their
// HTML here, not in db/, which knows nothing of HTML: a line per paragraph, boilerplate removed), newest
// first, only those the person still follows.
import type { PeopleDb } from '../db/client';
import { loadSourceItems } from '../db/generations';
import type { SourceItem } from './prompts';
import { articleTextOf } from './source-text';

export async function sourceItemsOf(db: PeopleDb, userId: number, itemIds: number[]): Promise<SourceItem[]> {
  const rows = await loadSourceItems(db, userId, itemIds);
  return rows.map(({ html, ...item }) => ({ ...item, text: articleTextOf(html) }));
}
