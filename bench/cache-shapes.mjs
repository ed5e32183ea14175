// The caches an isolate keeps across requests (issue 30, the limits table's "memory an isolate"), each as a
// Map filled with entries shaped as the code keeps them: keys and values of the real lengths and kinds (a
// session token as jose signs it, a users row as drizzle maps it, a body's hex as D1 hands it back).
// Strings are made as the runtime hands them over (decoded from bytes, or parsed from JSON), flat and not
// shared, so each entry owns what it would own in production. Plain JavaScript with node: modules that
// workerd has too, so that both runtimes fill the same Maps: bench/cache-bytes.mjs (Node) and
// bench/cache-bytes-workerd.mjs (workerd) read what they take.
import { createHash, randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';

const decoder = new TextDecoder();
const encoder = new TextEncoder();
/** A string as the runtime hands it over from bytes (a header, a D1 answer): flat, owned by nobody else. */
const fresh = (text) => decoder.decode(encoder.encode(text));
const base64url = (bytes) => Buffer.from(bytes).toString('base64url');
const hex = (bytes) => Buffer.from(bytes).toString('hex');
const sha256Hex = (text) => createHash('sha256').update(text).digest('hex');

/** How many entries each cache is filled with: enough that a Map's doubling averages out. */
const ENTRIES = 4_000;

// Feed names and body text as feeds write them: mostly ASCII, often with typographic quotes or dashes
// (which make the whole string two bytes a character), sometimes in other scripts.
const NAMES = [
  'Daring Fireball',
  'The Old New Thing',
  'Ars Technica – All content',
  'Julia Evans’ blog',
  'LWN.net',
  'Hacker News: Front Page',
  'Krebs on Security',
  'Simon Willison’s Weblog',
  'Zeit Online | Nachrichten, Hintergründe und Debatten',
  '東京新聞 TOKYO Web',
];
const nameOf = (n) => `${NAMES[n % NAMES.length]}${n % 3 === 0 ? '' : ` ${n}`}`;

/** A reading list's JSON as reading-list.ts builds it (categories, and a subscription's 7 fields), `feeds` long. */
function readingListOf(feeds, seed) {
  const categories = [1, 2, 3, 4].map((k) => [seed * 10 + k, ['Tech', 'News', 'Friends', 'Comics'][k - 1]]);
  const subscriptions = Array.from({ length: feeds }, (_, k) => [
    seed * 1000 + k,
    nameOf(seed + k),
    k % 5 === 0 ? null : seed * 10 + 1 + (k % 4),
    k % 7 === 0 ? 0 : 1,
    1000 + k * 37,
    0,
    k % 4 === 0 ? 1 : 0,
  ]);
  return JSON.stringify({ categories, subscriptions });
}

/** A users row as drizzle maps it from D1's answer (UserRow: dates as Date, the spans' JSON parsed). */
function usersRowOf(n, readingList) {
  const row = JSON.parse(
    JSON.stringify({
      id: 100_000 + n,
      email: `reader.${n}@example-mail.com`,
      name: `Reader ${n}`,
      passwordHash: `pbkdf2-sha256$600000$${base64url(randomBytes(16))}$${base64url(randomBytes(32))}`,
      plan: n % 3 === 0 ? 'pro' : 'free',
      credits: 120,
      stripeCustomerId: n % 3 === 0 ? `cus_${base64url(randomBytes(10))}` : null,
      stripeSubscriptionId: n % 3 === 0 ? `sub_${base64url(randomBytes(18))}` : null,
      timezone: 'Europe/Berlin',
      groupStories: true,
      pageSpanMs: 86_400_000 + n,
      unreadPageSpanMs: 3 * 86_400_000 + n,
      categoryPageSpans: JSON.stringify({ [`${n}1`]: 172_800_000, [`${n}1:unread`]: 604_800_000 }),
      peopleShard: n % 16,
      readingList,
      version: 7,
    }),
  );
  return {
    ...row,
    emailVerifiedAt: new Date(1_764_000_000_000 + n),
    creditsResetAt: new Date(1_766_000_000_000 + n),
    categoryPageSpans: JSON.parse(row.categoryPageSpans),
    deletingAt: null,
    createdAt: new Date(1_760_000_000_000 + n),
  };
}

/** A session token as auth/session.ts signs it (jose, HS256): header, claims, signature. */
function sessionTokenOf(n) {
  const payload = {
    sid: base64url(randomBytes(32)),
    peopleShard: n % 16,
    rowInPeople: true,
    sub: String(100_000 + n),
    iat: 1_764_300_000,
    exp: 1_766_900_000,
  };
  const token = `${base64url(encoder.encode('{"alg":"HS256"}'))}.${base64url(encoder.encode(JSON.stringify(payload)))}.${base64url(randomBytes(32))}`;
  return { token: fresh(token), payloadJson: JSON.stringify(payload) };
}

/** A Google Reader Auth token as greader/auth.ts mints it: ids, shard, expiry and an HMAC in hex. */
const authTokenOf = (n) => fresh(`${20_000 + n}/${100_000 + n}/${n % 16}/1766900000/${hex(randomBytes(32))}`);

/** What a page body looks like, `length` characters of HTML with typographic punctuation now and then. */
function bodyOf(n, length, script) {
  const sentence =
    script === 'cjk'
      ? `東京の記事 ${n}、新しい技術について。`
      : `The item ${n}’s paragraph says what a reader came for — again, with a <a href="https://example.com/${n}">link</a>. `;
  return `<p>${sentence.repeat(Math.ceil(length / sentence.length))}</p>`.slice(0, length);
}

let zoneFills = 0;

/**
 * Every cache an isolate keeps across requests, with what fills its Map as the code fills it: each returns
 * { map, units? } (units: what the cache counts, for one bounded in characters). `options.rowCharacters`:
 * what the read-ahead counts a users row as (middleware/read-ahead.ts ROW_CHARACTERS).
 */
export const CACHES = {
  // lib/time.ts `formatters`: a time zone → its Intl.DateTimeFormat. The ICU formatter behind it lives
  // outside the V8 heap (30-50 KB, where the JS object is 200 bytes): counted from the resident memory.
  // Each fill takes the next 100 zones (the warming one included), none made before in this process.
  timeZoneFormatters: () => {
    const map = new Map();
    const zones = Intl.supportedValuesOf('timeZone');
    for (const timeZone of zones.slice(zoneFills * 100, ++zoneFills * 100))
      map.set(
        fresh(timeZone),
        new Intl.DateTimeFormat('en-US', {
          timeZone,
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
        }),
      );
    for (const formatter of map.values()) formatter.formatToParts(0);
    return { map };
  },
  // auth/session.ts `verified.tokens`: token → { claims, exp } (the claims parsed from the payload's JSON).
  verifiedTokens: () => {
    const map = new Map();
    for (let n = 0; n < ENTRIES; n++) {
      const { token, payloadJson } = sessionTokenOf(n);
      const payload = JSON.parse(payloadJson);
      const person = { userId: Number(payload.sub), peopleShard: payload.peopleShard };
      map.set(token, { claims: { sessionId: payload.sid, person, rowInPeople: true }, exp: payload.exp });
    }
    return { map };
  },
  // greader/auth.ts `macChecked`: Auth token → { secret (the one configured, shared), the app password's hash }.
  macsChecked: () => {
    const map = new Map();
    const secret = fresh(base64url(randomBytes(32)));
    for (let n = 0; n < ENTRIES; n++)
      map.set(authTokenOf(n), { secret, secretHash: JSON.parse(JSON.stringify(sha256Hex(String(n)))) });
    return { map };
  },
  // greader/subscriptions.ts `feedAddresses`: feed id → { url, siteUrl, at } from the feed's row.
  feedAddresses: () => {
    const map = new Map();
    const now = Date.now();
    for (let n = 0; n < ENTRIES; n++) {
      const row = JSON.parse(
        JSON.stringify({
          url: `https://blog.example-site-${n}.com/feeds/posts/default?alt=rss`,
          siteUrl: `https://blog.example-site-${n}.com/`,
        }),
      );
      map.set(1_000_000 + n, { url: row.url, siteUrl: row.siteUrl, at: now + n });
    }
    return { map };
  },
  // middleware/replica-bookmarks.ts `keptByCredential`: "greader:<token>" or "fever:<key>" → the bookmarks
  // of the databases the app wrote to (db/replica-sessions.ts formatBookmarks), two as a mark writes.
  replicaBookmarks: () => {
    const map = new Map();
    const bookmark = () =>
      `${hex(randomBytes(4))}-${hex(randomBytes(4))}-${hex(randomBytes(4))}-${hex(randomBytes(16))}`;
    for (let n = 0; n < ENTRIES; n++) {
      const credential = n % 2 === 0 ? `greader:${authTokenOf(n)}` : `fever:${hex(randomBytes(16))}`;
      map.set(fresh(credential), fresh(`PEOPLE_${n % 16}~${bookmark()}.DB~${bookmark()}`));
    }
    return { map };
  },
  // db/app-password-copies.ts `knownKeys`: a Fever key's SHA-256 in hex → { id, peopleShard }.
  feverKeys: () => {
    const map = new Map();
    for (let n = 0; n < ENTRIES; n++) map.set(fresh(sha256Hex(`key ${n}`)), { id: 100_000 + n, peopleShard: n % 16 });
    return { map };
  },
  // db/person-scope.ts `literals`: a subscription's name (parsed from the reading list's JSON) → the SQL
  // literal of its UTF-8 bytes, made in one join as textLiteral makes it.
  nameLiterals: () => {
    const map = new Map();
    for (let n = 0; n < ENTRIES; n++) {
      const name = JSON.parse(JSON.stringify([nameOf(n)]))[0];
      const parts = ["cast(x'"];
      for (const byte of encoder.encode(name)) parts.push(byte.toString(16).padStart(2, '0'));
      parts.push("' as text)");
      map.set(name, parts.join(''));
    }
    return { map };
  },
  // db/statement-kind.ts `told`: a statement's text → whether it may write; counted in characters. A page's
  // statement writes each subscription in scope (50 here) as a row of values.
  statementKinds: () => {
    const map = new Map();
    let units = 0;
    for (let n = 0; n < 200; n++) {
      const rows = Array.from(
        { length: 50 },
        (_, k) =>
          `(${100_000 + n}, ${1_000 * n + k}, cast(x'${hex(encoder.encode(nameOf(k)))}' as text), ${k % 4}, 1, ${1000 + k})`,
      );
      const text = fresh(
        `with subscriptions(user_id, feed_id, name, category_id, include_in_ai, read_seq) as (values ${rows.join(', ')}) select "items"."id", "items"."feed_id", "items"."title", "items"."url", hex("items"."content") from "items" join subscriptions on subscriptions.feed_id = "items"."feed_id" where "items"."seq" > subscriptions.read_seq order by "items"."published_at" desc limit 31`,
      );
      units += text.length;
      map.set(text, false);
    }
    return { map, units };
  },
  // schema/packed-text.ts `unpacked`: a body's hex as D1 hands it back → its text; counted in characters of
  // both. Bodies of 500 to 6,000 characters, a tenth of them in Japanese.
  unpackedBodies: () => {
    const map = new Map();
    let units = 0;
    for (let n = 0; n < 1_000; n++) {
      const text = fresh(bodyOf(n, 500 + ((n * 557) % 5_500), n % 10 === 0 ? 'cjk' : 'latin'));
      const key = fresh(hex(deflateRawSync(encoder.encode(text))).toUpperCase());
      units += key.length + text.length;
      map.set(key, text);
    }
    return { map, units };
  },
  // middleware/read-ahead.ts `seenBySession`: a session id → { user, keptList, size }; counted in characters
  // as the code counts them (its ROW_CHARACTERS for the row, plus its reading list and the kept list). A
  // tenth have no list yet, the others 50 feeds, on the users row (people shard 0) or kept from reading_lists.
  readAhead: ({ rowCharacters }) => {
    const map = new Map();
    let units = 0;
    for (let n = 0; n < ENTRIES; n++) {
      const list = n % 10 === 0 ? null : fresh(readingListOf(50, n));
      const onRow = n % 2 === 0;
      const user = usersRowOf(n, onRow ? list : null);
      const keptList = onRow ? undefined : list;
      const size = rowCharacters + (user.readingList?.length ?? 0) + (keptList?.length ?? 0);
      units += size;
      map.set(fresh(base64url(randomBytes(32))), { user, keptList, size });
    }
    return { map, units };
  },
};

/** The caches whose entries hold memory outside the V8 heap. */
export const OUTSIDE_HEAP = new Set(['timeZoneFormatters']);

/**
 * A cache's figures from its runs ([{bytes, entries, units}]): the median run's bytes an entry (`perEntry`)
 * and a counted unit (`perUnit`: a character, for a cache bounded in characters).
 */
export function figuresOf(runs) {
  const median = runs.map((run) => run.bytes / run.units).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
  const { entries, units } = runs[0];
  return {
    perEntry: Math.round(((median * units) / entries) * 10) / 10,
    perUnit: Math.round(median * 100) / 100,
    entries,
    units,
  };
}
