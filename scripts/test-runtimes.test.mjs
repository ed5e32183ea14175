import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { splitWorkerTests } from './test-runtimes.mjs';

const made = [];
afterEach(() => {
  for (const root of made.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A project whose files are these (path → text). */
function project(files) {
  const root = mkdtempSync(join(tmpdir(), 'feedloom-runtimes-'));
  made.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('which Worker tests need workerd', () => {
  it('runs a test of a pure module in Node, and one that reaches a binding in workerd, however deep', () => {
    const root = project({
      'worker/parse/parse.ts': "import { trim } from '../lib/text';\nexport const parse = trim;",
      'worker/lib/text.ts': 'export const trim = (s: string) => s.trim();',
      'worker/parse/parse.test.ts': "import { parse } from './parse';",
      'worker/db/store.ts': "import { env } from 'cloudflare:workers';\nexport const store = env;",
      'worker/routes/list.ts': "import { store } from '../db/store';\nexport const list = store;",
      'worker/routes/list.test.ts': "import { list } from './list';",
    });
    expect(splitWorkerTests(root)).toEqual({
      node: ['worker/parse/parse.test.ts'],
      workerd: ['worker/routes/list.test.ts'],
    });
  });

  it('sends a test to workerd for a global only the Workers runtime has, or for cloudflare:test', () => {
    const root = project({
      'worker/html/rewrite.ts': 'export const rewriter = () => new HTMLRewriter();',
      'worker/html/rewrite.test.ts': "import { rewriter } from './rewrite';",
      'worker/jobs/wait.test.ts': 'await scheduler.wait(10);',
      'worker/jobs/batch.test.ts': "import { createMessageBatch } from 'cloudflare:test';",
    });
    expect(splitWorkerTests(root)).toEqual({
      node: [],
      workerd: ['worker/html/rewrite.test.ts', 'worker/jobs/batch.test.ts', 'worker/jobs/wait.test.ts'],
    });
  });

  it('follows import cycles without looping and reads data imports as no code', () => {
    const root = project({
      'worker/a.ts': "import { b } from './b';\nexport const a = 1;",
      'worker/b.ts': "import { a } from './a';\nexport const b = a;",
      'worker/a.test.ts': "import { a } from './a';\nimport page from './testdata/page.html?raw';",
      'worker/testdata/page.html': "<script>import('cloudflare:workers')</script>",
    });
    expect(splitWorkerTests(root)).toEqual({ node: ['worker/a.test.ts'], workerd: [] });
  });

  it('splits this project as its tests expect: the parser in Node, the routes in workerd', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const { node, workerd } = splitWorkerTests(root);
    expect(node).toContain('worker/feeds/parse/parse.test.ts');
    expect(node).toContain('worker/search/parse-query.test.ts');
    expect(workerd).toContain('worker/routes/feeds.test.ts');
    expect(workerd).toContain('worker/db/migrations.test.ts');
  });
});
