// What `npm run deploy` checks before it builds or migrates anything (issue 30, "First deploy"):
// - every D1 database bound in wrangler.toml has a real database_id, not the placeholder the repository
//   ships with (a deploy would fail half-way, after building);
// - the remote SQLite can run our search index. migrations/0010_add_item_search.sql creates an FTS5
//   table with `contentless_unindexed`, which needs SQLite 3.47 or later, and Cloudflare does not publish
//   production D1's version. So the check asks the remote for `sqlite_version()` (local D1 refuses to
//   say: "not authorized") and creates, then drops, a throwaway table with that option (and the prefix
//   index and fts5vocab table of migration 0029): a migration that failed there would leave the
//   database half-way.
//
//   node scripts/deploy-preflight.mjs [--local]   (--local: the same check against the local D1)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { wranglerEnv } from './wrangler-dev.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const PLACEHOLDER_ID = '00000000-0000-0000-0000-000000000000';
/** The first SQLite with FTS5's contentless_unindexed option. */
export const MIN_SQLITE = [3, 47, 0];
const PROBE_TABLE = '_feedloom_preflight_fts';
const WRANGLER = `${root}node_modules/wrangler/bin/wrangler.js`;

/** The [[d1_databases]] tables of a wrangler.toml text: binding and database_id. */
export function d1Databases(toml) {
  return toml
    .split(/^(?=\s*\[)/m)
    .filter((block) => /^\s*\[\[d1_databases\]\]/.test(block))
    .map((block) => ({
      binding: /^\s*binding\s*=\s*"([^"]*)"/m.exec(block)?.[1] ?? '',
      databaseId: /^\s*database_id\s*=\s*"([^"]*)"/m.exec(block)?.[1] ?? '',
    }));
}

/** The problem with the config's database ids, in one line, or null when every one is set. */
export function databaseIdProblem(toml) {
  const unset = d1Databases(toml).filter((db) => db.databaseId === '' || db.databaseId === PLACEHOLDER_ID);
  if (unset.length === 0) return null;
  const names = unset.map((db) => db.binding).join(', ');
  return `wrangler.toml still has the placeholder database_id for ${names}. Create the database with \`npx wrangler d1 create feedloom\` and put the id it prints into wrangler.toml: docs/deploying.md, "Deploying to Cloudflare", step 1.`;
}

/** Whether `version` ("3.46.1") is at least MIN_SQLITE. */
export function sqliteIsRecentEnough(version) {
  const parts = String(version).split('.').map(Number);
  for (let k = 0; k < MIN_SQLITE.length; k++) {
    const have = parts[k] ?? 0;
    if (have !== MIN_SQLITE[k]) return have > MIN_SQLITE[k];
  }
  return true;
}

/** Asked first. Local D1 refuses the function ("not authorized"); then the feature's probe alone decides. */
export const VERSION_SQL = 'select sqlite_version() as version';
/** The throwaway table with the option the search index needs, dropped at once. */
// With the prefix index and the fts5vocab table that migrations/0029_add_search_prefix_index.sql uses to
// make the index again (it reads the indexed words back through one).
export const PROBE_SQL = `create virtual table if not exists ${PROBE_TABLE} using fts5(body, content='', contentless_delete=1, contentless_unindexed=1, prefix='3'); create virtual table if not exists ${PROBE_TABLE}_words using fts5vocab(${PROBE_TABLE}, 'instance'); drop table ${PROBE_TABLE}_words; drop table ${PROBE_TABLE};`;

/** @typedef {{ status: number | null, stdout: string, stderr: string }} WranglerResult */

/** What `wrangler d1 execute --json` answered: the first statement's rows, or the error's text. */
function answerOf(/** @type {WranglerResult} */ result) {
  try {
    const parsed = JSON.parse(result.stdout);
    if (Array.isArray(parsed)) return { rows: parsed[0]?.results ?? [], error: null };
    if (parsed?.error?.text) return { rows: null, error: String(parsed.error.text) };
  } catch {}
  const said = `${result.stderr}\n${result.stdout}`.trim().split('\n').filter(Boolean).slice(-3).join(' | ');
  return { rows: null, error: result.status === 0 ? null : said || `exit ${result.status}` };
}

/**
 * The verdict on the two answers: the version (when the remote says it) and the feature's probe.
 * @param {{ version: WranglerResult, probe: WranglerResult }} answers
 * @returns {{ ok: boolean, message: string }}
 */
export function probeVerdict({ version, probe }) {
  const need = MIN_SQLITE.join('.');
  const asked = answerOf(version);
  const known = asked.rows?.[0]?.version ?? null;
  if (known !== null && !sqliteIsRecentEnough(known)) {
    return {
      ok: false,
      message: `The remote D1 runs SQLite ${known}; the search index (migrations/0010_add_item_search.sql) needs FTS5's contentless_unindexed, from SQLite ${need}. Nothing was deployed or migrated.`,
    };
  }
  const tried = answerOf(probe);
  const which = known === null ? `SQLite version not given: ${asked.error ?? 'no answer'}` : `SQLite ${known}`;
  if (tried.error !== null || tried.rows === null) {
    return {
      ok: false,
      message: `The remote D1 could not create an FTS5 table with contentless_unindexed (${which}; the search index needs ${need}). Nothing was deployed or migrated. D1 said: ${tried.error ?? probe.stdout.slice(0, 200)}`,
    };
  }
  return { ok: true, message: `FTS5's contentless_unindexed works on this D1 (${which}).` };
}

/** Runs the version question and the probe on the `DB` database, remote (or local) through wrangler. */
export function runProbe(where = '--remote', extraArgs = []) {
  const execute = (command) => {
    // The project's wrangler started directly: npx would spend an npm start-up (about 1 s of CPU) on each.
    const result = spawnSync(
      process.execPath,
      [WRANGLER, 'd1', 'execute', 'DB', where, '--json', '--command', command, ...extraArgs],
      {
        cwd: root,
        env: wranglerEnv,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
  };
  return { version: execute(VERSION_SQL), probe: execute(PROBE_SQL) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const local = process.argv.includes('--local');
  const idProblem = local ? null : databaseIdProblem(readFileSync(`${root}wrangler.toml`, 'utf8'));
  if (idProblem) {
    console.error(`✗ ${idProblem}`);
    process.exit(1);
  }
  const verdict = probeVerdict(
    runProbe(
      local ? '--local' : '--remote',
      process.argv.slice(2).filter((a) => a !== '--local'),
    ),
  );
  console[verdict.ok ? 'log' : 'error'](`${verdict.ok ? '✓' : '✗'} ${verdict.message}`);
  process.exit(verdict.ok ? 0 : 1);
}
