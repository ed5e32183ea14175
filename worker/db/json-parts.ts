// Rows handed to a statement as one JSON value (read there with json_each): a statement then takes any
// number of rows in one bound parameter, where D1 allows 100 parameters per statement. A bound value
// stays far below D1's 2 MB limit: the rows are split into parts of at most this many JSON characters
// (a row larger than that goes alone; item-size.ts caps an item's content at 200,000 characters).
export const JSON_CHARS_PER_STATEMENT = 500_000;

/** `rows` as JSON arrays of at most JSON_CHARS_PER_STATEMENT characters each, in order; none when empty. */
export function jsonParts(rows: unknown[]): string[] {
  const parts: string[] = [];
  let part: string[] = [];
  let size = 0;
  for (const row of rows) {
    const json = JSON.stringify(row);
    if (part.length > 0 && size + json.length > JSON_CHARS_PER_STATEMENT) {
      parts.push(`[${part.join(',')}]`);
      part = [];
      size = 0;
    }
    part.push(json);
    size += json.length + 1;
  }
  if (part.length > 0) parts.push(`[${part.join(',')}]`);
  return parts;
}
