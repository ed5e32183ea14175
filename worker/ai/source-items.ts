// The items a generation is written from, as a prompt takes them: plain text (reduced from their HTML here,
// not in db/, which knows nothing of HTML), newest first, only those the person still follows.
import type { PeopleDb } from '../db/client';
import { loadSourceItems } from '../db/generations';
import { htmlToText } from '../html/text';
import type { SourceItem } from './prompts';

export async function sourceItemsOf(db: PeopleDb, userId: number, itemIds: number[]): Promise<SourceItem[]> {
  const rows = await loadSourceItems(db, userId, itemIds);
  return rows.map(({ html, ...item }) => ({ ...item, text: htmlToText(html) }));
}
