// `npm test`: the type check, the lint and the unit tests, started together. On two cores the type
// check (one busy core for most of a minute) and the Worker tests (which wait on workerd, the local
// queue and the fake servers much of the time) overlap well; one after the other they add up.
// The unit tests print as they run; the type check and the lint print when they end. Any failure
// fails the whole, after all three have finished. Arguments go to `vitest run`.
import { spawn } from 'node:child_process';

/** Runs an npm script; `live` streams its output, else it is kept for when it ends. */
function run(script, args, live) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    if (!live) {
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
    }
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (!live) {
        const verdict = code === 0 ? 'passed' : `FAILED (exit ${code})`;
        process.stdout.write(`\n── npm run ${script}: ${verdict} in ${seconds} s\n${code === 0 ? '' : output}`);
      }
      resolve({ script, code, seconds });
    });
  });
}

const results = await Promise.all([
  run('typecheck', [], false),
  run('lint', [], false),
  run('test:unit', process.argv.slice(2), true),
]);
const failed = results.filter((result) => result.code !== 0);
process.stdout.write(
  `\n${results.map((result) => `${result.script} ${result.code === 0 ? 'passed' : 'FAILED'} (${result.seconds} s)`).join(' · ')}\n`,
);
process.exit(failed.length === 0 ? 0 : 1);
