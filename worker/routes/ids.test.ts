// One rule for ids (issue 13 item 5): paths, queries, JSON bodies and the reader-app APIs accept the
// same spellings of an id and refuse the same others, with the spec's message.
import { describe, expect, it } from 'vitest';
import { parseId } from '../contracts/ids';
import { call, signUp } from '../test/helpers';

const refused = ['1e1', ' 12', '12 ', '012', '0x0c', '0', '-1', '1.5', '', '9007199254740993', 'twelve'];

describe('ids', () => {
  it('are positive safe integers, as numbers or plain digits', () => {
    expect(parseId('12')).toBe(12);
    expect(parseId(12)).toBe(12);
    expect(parseId('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    for (const text of refused) expect(parseId(text), text).toBeNull();
    for (const value of [0, -3, 1.5, 2 ** 53, Number.NaN, null, undefined, true]) expect(parseId(value)).toBeNull();
  });

  it('are refused alike in a path and in a body, with the same message', async () => {
    const { cookie } = await signUp();
    for (const text of ['1e1', '012', '0x0c']) {
      const inPath = await call(`/api/feeds/${encodeURIComponent(text)}`, { cookie });
      expect(inPath.status, text).toBe(400);
      expect(await inPath.json()).toMatchObject({ message: 'Invalid feed ID' });
      const inBody = await call('/api/feeds/refresh', { cookie, json: { feedId: text } });
      expect(inBody.status, text).toBe(400);
      expect(await inBody.json()).toMatchObject({ message: 'Invalid feed ID' });
      const inQuery = await call(`/api/feed-items?feedId=${encodeURIComponent(text)}`, { cookie });
      expect(inQuery.status, text).toBe(400);
    }
  });
});
