// Watching a local server so that it never sits there looking alive (issue 34): the server process
// (scripts/worker-server.mjs), its two workerd processes (the proxy on our port, the runtime behind it),
// and /api/health. When the proxy died of a full heap under `wrangler dev`, wrangler and the runtime
// stayed up while the port refused every connection; and when the runtime dies the proxy accepts
// connections and never answers them. Either way `down` resolves with one line saying what stopped.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The workerd processes under `rootPid` (any depth), by role: the proxy is the one whose entry socket is
 * our `port`; the runtime listens on a port of its own. `ps` works on Linux and macOS alike.
 * @param {number} rootPid
 * @param {number} port
 * @returns {Promise<{ proxy?: number, runtime?: number, all: { pid: number, ppid: number, args: string }[] }>}
 */
export async function serverProcesses(rootPid, port) {
  const { stdout } = await run('ps', ['-A', '-o', 'pid=,ppid=,args='], { maxBuffer: 16 * 1024 * 1024 });
  const rows = stdout
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => ({ pid: Number(match[1]), ppid: Number(match[2]), args: match[3] }));
  const inTree = new Set([rootPid]);
  const all = [];
  // Parents come before their children in pid order only usually: repeat until nothing joins.
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of rows) {
      if (!inTree.has(row.pid) && inTree.has(row.ppid)) {
        inTree.add(row.pid);
        all.push(row);
        grew = true;
      }
    }
  }
  const result = { all };
  for (const row of all) {
    if (!/\bworkerd\b.*\bserve\b/.test(row.args)) continue;
    const entry = /--socket-addr=entry=\S*:(\d+)/.exec(row.args)?.[1];
    result[Number(entry) === port ? 'proxy' : 'runtime'] = row.pid;
  }
  return result;
}

/**
 * Watches `child` (the server process) from the moment it answered /api/health. `down` resolves with
 * one line when the server process exits, when its proxy or runtime workerd is gone (and no reload
 * replaced it: a reload after a source change starts a new runtime at once, so a role is only missing
 * after two looks in a row), or when /api/health fails `failuresAllowed` times in a row (each try waits
 * `healthTimeoutMs`: a loaded machine answers slowly, a dead one never). `watching` resolves after the
 * first look at the processes: from then on a workerd that exits is named (before it, only the health
 * check would notice, as an unanswered request).
 * `stop()` ends the watching.
 * @param {import('node:child_process').ChildProcess} child
 * @param {{ baseURL: string, port: number, processEveryMs?: number, healthEveryMs?: number,
 *   healthTimeoutMs?: number, failuresAllowed?: number }} options
 * @returns {{ down: Promise<string>, watching: Promise<void>, stop: () => void }}
 */
export function superviseServer(
  child,
  { baseURL, port, processEveryMs = 1_000, healthEveryMs = 5_000, healthTimeoutMs = 10_000, failuresAllowed = 3 },
) {
  /** @type {(reason: string) => void} */
  let report = () => {};
  const down = new Promise((resolve) => {
    report = resolve;
  });
  const timers = [];
  let stopped = false;
  const stop = () => {
    stopped = true;
    for (const timer of timers) clearInterval(timer);
    child.off('exit', onExit);
  };
  const fail = (reason) => {
    if (stopped) return;
    stop();
    report(reason);
  };
  const onExit = (code, signal) =>
    fail(`the server process (pid ${child.pid}) exited with ${signal ?? `code ${code}`}`);
  child.on('exit', onExit);
  if (child.exitCode !== null || child.signalCode !== null) onExit(child.exitCode, child.signalCode);

  /** @type {Record<string, { pid: number, missing: number }>} */
  const seen = {};
  let looking = false;
  const lookAtProcesses = async () => {
    if (stopped || looking || child.pid === undefined) return;
    looking = true;
    let current;
    try {
      current = await serverProcesses(child.pid, port);
    } catch {
      return; // `ps` itself failed: the health check still watches.
    } finally {
      looking = false;
    }
    if (stopped) return;
    for (const role of ['proxy', 'runtime']) {
      if (current[role] !== undefined) seen[role] = { pid: current[role], missing: 0 };
      else if (seen[role] && ++seen[role].missing >= 2)
        return fail(`the ${role} (workerd, pid ${seen[role].pid}) exited`);
    }
  };
  const watching = lookAtProcesses();
  timers.push(setInterval(lookAtProcesses, processEveryMs));

  let failures = 0;
  let checking = false;
  const checkHealth = async () => {
    if (stopped || checking) return;
    checking = true;
    let problem = '';
    try {
      const response = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(healthTimeoutMs) });
      await response.arrayBuffer();
      if (!response.ok) problem = `answered ${response.status}`;
    } catch (error) {
      problem =
        error?.name === 'TimeoutError'
          ? `no answer in ${healthTimeoutMs / 1000} s`
          : String(error?.cause?.code ?? error?.message);
    }
    checking = false;
    failures = problem ? failures + 1 : 0;
    if (failures >= failuresAllowed) fail(`${baseURL}/api/health failed ${failures} times in a row (last: ${problem})`);
  };
  timers.push(setInterval(checkHealth, healthEveryMs));
  for (const timer of timers) timer.unref();
  return { down, watching, stop };
}

/**
 * Ends a process group started detached (`child.pid` leads it): SIGTERM, then SIGKILL after `graceMs`
 * for whatever is left (a proxy that has stopped answering may not stop either).
 * @param {import('node:child_process').ChildProcess} child
 */
export async function stopProcessGroup(child, graceMs = 5_000) {
  if (child.pid === undefined) return;
  const signalGroup = (signal) => {
    try {
      process.kill(-(/** @type {number} */ (child.pid)), signal);
      return true;
    } catch {
      return false; // nothing left in the group
    }
  };
  if (!signalGroup('SIGTERM')) return;
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (!signalGroup(0)) return;
  }
  signalGroup('SIGKILL');
}
