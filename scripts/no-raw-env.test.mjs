// Issue 31: only worker/config.ts reads the environment's variables and secrets; everything else reads
// the Config it parses once per isolate. The Biome plugin biome-plugins/no-raw-env.grit enforces it.
// These probes run the project's own biome.json and plugin (copied into a scratch folder, so `npm test`'s
// lint of the real tree never sees a probe) on files that read `env` and on files that do not.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const biome = join(root, 'node_modules', '.bin', 'biome');
const MESSAGE = 'Read the configuration (c.var.config, services.config), not the environment';

const scratch = mkdtempSync(join(tmpdir(), 'feedloom-no-raw-env-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let probes = 0;

/**
 * Lints `files` (path → source) in a fresh project made of them, the real biome.json and the plugin:
 * the exit code and the report.
 */
function lint(files) {
  const project = join(scratch, `probe-${++probes}`);
  cpSync(join(root, 'biome.json'), join(project, 'biome.json'));
  cpSync(join(root, 'biome-plugins'), join(project, 'biome-plugins'), { recursive: true });
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), source);
  }
  return new Promise((resolve) => {
    execFile(
      biome,
      ['lint', '--vcs-enabled=false', '--max-diagnostics=100', '.'],
      { cwd: project },
      (error, stdout, stderr) => resolve({ code: error ? error.code : 0, report: `${stdout}${stderr}` }),
    );
  });
}

const reads = {
  'worker/routes/a.ts': 'export const a = (c: { env: { APP_URL: string } }) => c.env.APP_URL;\n',
  'worker/auth/b.ts': 'export const b = (env: { SESSION_SECRET: string }) => env.SESSION_SECRET;\n',
  'worker/ai/c.ts': "export const c = (deps: { env?: { KEY?: string } }) => deps.env?.KEY ?? '';\n",
  'worker/jobs/d.ts':
    'export function d(env: { FEED_DATABASES: string }) {\n  const { FEED_DATABASES } = env;\n  return FEED_DATABASES;\n}\n',
  'worker/lib/e.ts': "export const e = (env: Record<string, string>) => env['PASSWORD_PEPPER'];\n",
};

describe('the no-raw-env Biome rule', () => {
  it('fails a file outside config.ts that reads env, naming the rule, once per read', async () => {
    const { code, report } = await lint(reads);
    expect(code).not.toBe(0);
    expect(report.split(MESSAGE)).toHaveLength(Object.keys(reads).length + 1);
    for (const path of Object.keys(reads)) expect(report).toContain(`${path}:`);
  });

  it('passes config.ts, the services, tests, and code that reads the Config or hands env on whole', async () => {
    const { code, report } = await lint({
      'worker/config.ts': reads['worker/routes/a.ts'],
      'worker/services.ts': reads['worker/auth/b.ts'],
      'worker/db/client.ts': reads['worker/jobs/d.ts'],
      'worker/routes/a.test.ts': reads['worker/routes/a.ts'],
      'worker/routes/clean.ts': [
        'declare function enqueue(env: object, job: string): void;',
        'export function clean(c: { env: object; var: { config: { appUrl: string } } }) {',
        "  enqueue(c.env, 'cleanup');",
        '  return c.var.config.appUrl;',
        '}',
        '',
      ].join('\n'),
    });
    expect(report).not.toContain(MESSAGE);
    expect(code).toBe(0);
  });
});
