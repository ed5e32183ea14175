// The output of `wrangler dev` for a person to read. workerd reports an outbound fetch that failed at
// the network (a DNS lookup offline, a refused connection) as an internal error with a native stack,
// although the Worker catches it and carries on (an article falls back to the feed's own text, a feed
// records its error). Such a report becomes one warn line with the host and the reason, in the app's
// own log format; stacks stay for bugs, and every other line passes through unchanged.
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';

const NETWORK_FAILURE = /\bkj\/async-io-unix\.c\+\+:\d+: (?:failed|disconnected): (.+?)\.?(?:;|$)/;

/**
 * A line filter: returns the text to print for `line` (null to drop it). Keeps state across lines,
 * since a report goes on with blank lines and a `stack:` line.
 */
export function createOutputFilter() {
  let inReport = false;
  return (/** @type {string} */ line) => {
    const plain = stripVTControlCharacters(line);
    const failure = NETWORK_FAILURE.exec(plain);
    if (failure?.[1]) {
      inReport = true;
      const host = /params\.host = ([^;\s]+)/.exec(plain)?.[1] ?? 'unknown host';
      return JSON.stringify({ level: 'warn', event: 'fetch.failed', host, reason: failure[1] });
    }
    if (inReport && (plain.trim() === '' || plain.trimStart().startsWith('stack:'))) return null;
    inReport = false;
    return line;
  };
}

/** Copies a child's output stream to `out` line by line through the filter. */
export function forwardOutput(/** @type {NodeJS.ReadableStream} */ input, /** @type {NodeJS.WritableStream} */ out) {
  const filter = createOutputFilter();
  createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
    const shown = filter(line);
    if (shown !== null) out.write(`${shown}\n`);
  });
}
