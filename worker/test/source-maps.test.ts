// A failing Worker test names the .ts file and line, in the test and in the Worker's own code: the source
// maps that reach workerd carry no source text (scripts/test-source-maps.mjs), only the mappings, which
// are what a stack trace needs. Vite's transform moves lines (each import becomes a statement at the top,
// types go), so without the mappings these lines would be the transformed code's.
import { env } from 'cloudflare:workers';
import { expect, it } from 'vitest';
import { databaseNames } from '../db/shards';
import shardsSource from '../db/shards.ts?raw';

/** The 1-based line of the first line of `source` that contains `text`. */
const lineOf = (source: string, text: string) => source.split('\n').findIndex((line) => line.includes(text)) + 1;

it('names the line of an error in the test file and in the Worker code that threw it', async () => {
  expect(env.DB).toBeDefined();
  const here = new Error('here');
  const testSource = (await import('./source-maps.test.ts?raw')).default;
  expect(here.stack).toContain(`source-maps.test.ts:${lineOf(testSource, "new Error('here')")}:`);

  let thrown: unknown;
  try {
    databaseNames('FEED_DATABASES', 'DB,DB');
  } catch (error) {
    thrown = error;
  }
  expect((thrown as Error).message).toBe('FEED_DATABASES names a database twice');
  expect((thrown as Error).stack).toContain(`db/shards.ts:${lineOf(shardsSource, 'names a database twice')}:`);
});
