// The MATCH a search sends within the person's feeds (search.ts scopedMatch). Words left out are looked
// for only in the person's rows: the feeds go inside the left side of the NOT. Outside it, FTS5 looked for
// each left-out word beside every row of the shard holding a wanted word (a common word with seven common
// words left out: 77 ms of the index's time against 32 at 100,000 rows, 10,000 followed; issue 29). What
// the search finds is the same (routes/search.test.ts, search-fields.test.ts). Each word left out is a NOT
// of its own: `NOT (a OR b …)` moved every left-out word's doclist to every wanted row (seven common words
// left out of a window of 2,000 rows: 23 against 11 ms of the index's CPU).
import { describe, expect, it } from 'vitest';
import { parseSearch } from '../search/parse-query';
import { scopedMatch } from './search';

const matchOf = (text: string) => parseSearch(text).match ?? '';

describe('a search within the person’s feeds', () => {
  it('looks for the words left out only among the rows of those feeds', () => {
    expect(scopedMatch(matchOf('zephyr -rain -"cold front"'), [7, 8])).toBe(
      // One NOT a word: a row dropped by the first is never looked for in the next word's doclist.
      '(("zephyr") AND feed : (f7 OR f8)) NOT ("rain") NOT ("cold front")',
    );
    expect(scopedMatch(matchOf('title:zephyr weather -content:rain'), [7])).toBe(
      '((title : "zephyr" AND "weather") AND feed : (f7)) NOT ({summary content} : "rain")',
    );
  });

  it('keeps a word shaped like a feed token to the word columns, on either side', () => {
    expect(scopedMatch(matchOf('f7 -f8'), [7])).toBe(
      '({title summary content author} : ("f7") AND feed : (f7)) NOT {title summary content author} : ("f8")',
    );
  });

  it('puts the feeds beside a search with nothing left out', () => {
    expect(scopedMatch(matchOf('"cold front" zephyr*'), [7])).toBe('("cold front" AND "zephyr" *) AND feed : (f7)');
  });
});
