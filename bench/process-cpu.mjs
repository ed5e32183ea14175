// The CPU time processes have spent so far (user + system), read from Linux's /proc (proc(5)): of a
// process group, of processes by pid with each one's main thread apart, and which processes run below
// another. A benchmark reads it before and after its measured window and subtracts: on a shared machine
// wall time is mostly waiting for a core, while the CPU a request costs a server stays the same. What the
// processes are, and which window to measure, is the caller's.
import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ, the unit of /proc's times: 100 on every Linux ABI (sysconf(_SC_CLK_TCK)). */
const TICKS_PER_SECOND = 100;
const ms = (ticks) => (Number(ticks) * 1000) / TICKS_PER_SECOND;

/**
 * One line of /proc/<pid>/stat or /proc/<pid>/task/<tid>/stat, the fields benchmarks use, times in ms.
 * The name is in parentheses and may itself hold spaces and ')': the fields are what follows the last ')'.
 */
export function parseStat(line) {
  const close = line.lastIndexOf(')');
  // fields[0] is proc(5)'s field 3 (state): its field n is fields[n - 3].
  const fields = line.slice(close + 2).split(' ');
  return {
    pid: Number(line.slice(0, line.indexOf(' '))),
    name: line.slice(line.indexOf('(') + 1, close),
    ppid: Number(fields[1]), // (4)
    pgrp: Number(fields[2]), // (5)
    userMs: ms(fields[11]), // (14) utime
    systemMs: ms(fields[12]), // (15) stime
    // (16) cutime and (17) cstime: its children that ended and were waited for. A thread's are its process's.
    reapedChildrenMs: ms(fields[13]) + ms(fields[14]),
  };
}

/** A process's or thread's stat, or null when it ended between the listing and the read. */
function readStat(file) {
  try {
    return parseStat(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Every process now, parsed. */
export function listProcesses() {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((pid) => readStat(`/proc/${pid}/stat`))
    .filter((stat) => stat !== null);
}

/** The pids of every process below `rootPid` (its children, theirs, …), not `rootPid` itself. */
export function descendantsOf(rootPid, processes = listProcesses()) {
  const found = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const { pid, ppid } of processes)
      if (found.has(ppid) && !found.has(pid)) {
        found.add(pid);
        grew = true;
      }
  }
  found.delete(rootPid);
  return [...found];
}

/**
 * CPU ms of every process in a process group, with the children they have waited for: a worker that
 * ends and is replaced during a window still counts, in its parent (php -S restarts a worker that dies).
 */
export function groupCpuMs(pgrp) {
  let total = 0;
  for (const stat of listProcesses())
    if (stat.pgrp === pgrp) total += stat.userMs + stat.systemMs + stat.reapedChildrenMs;
  return total;
}

/**
 * CPU ms of these processes, all their threads, and of their main threads alone (the thread whose id is
 * the pid: workerd runs every request of a Worker, and local D1, there). A process that has ended counts 0.
 */
export function processesCpuMs(pids) {
  let total = 0;
  let mainThread = 0;
  for (const pid of pids) {
    const whole = readStat(`/proc/${pid}/stat`);
    const main = readStat(`/proc/${pid}/task/${pid}/stat`);
    if (!whole || !main) continue;
    total += whole.userMs + whole.systemMs + whole.reapedChildrenMs;
    mainThread += main.userMs + main.systemMs;
  }
  return { total, mainThread };
}
