// Measuring load-test contenders in turns (bench/freshrss.mjs). On a shared machine the load drifts
// between windows measured tens of seconds apart, so two figures taken one after the other compare the
// load as much as the code. Cutting each contender's time into slices, taken round-robin with the order
// rotated each round, gives every contender the same spread of load; its figures are then its slices
// added up. Here: the order of the turns, and a contender's slices added up into its figures. How a
// slice is driven and whose CPU it reads is the caller's.

/** For each of `rounds` rounds, the order of `count` contenders: round r starts with contender r (mod count). */
export function turnOrder(count, rounds) {
  return Array.from({ length: rounds }, (_, round) =>
    Array.from({ length: count }, (_, turn) => (round + turn) % count),
  );
}

/**
 * CPU ms read around slices, added up; null as soon as one slice could not read it. `mainThread` and
 * `database` (a split runtime's database process, bench/bare-runtime.mjs) where every slice has them.
 */
function addServerCpu(servers) {
  if (servers.some((server) => !server)) return null;
  const added = { total: servers.reduce((sum, server) => sum + server.total, 0) };
  for (const part of ['mainThread', 'database'])
    if (servers.every((server) => server[part] !== undefined))
      added[part] = servers.reduce((sum, server) => sum + server[part], 0);
  return added;
}

/**
 * A contender's slices as one window: every answer's latency, the refusals and errors, the wall time
 * (each slice's, from its first request sent to its last answer) and the CPU of its server and of the
 * load generator over those slices only.
 */
export function addSlices(slices) {
  return {
    latencies: slices.flatMap((slice) => slice.latencies),
    non2xx: slices.reduce((sum, slice) => sum + slice.non2xx, 0),
    errors: slices.reduce((sum, slice) => sum + slice.errors, 0),
    wallMs: slices.reduce((sum, slice) => sum + slice.wallMs, 0),
    server: addServerCpu(slices.map((slice) => slice.server)),
    loadGeneratorMs: slices.reduce((sum, slice) => sum + slice.loadGeneratorMs, 0),
  };
}

/**
 * What a window of `requests` answered in `wallMs` cost: the server's CPU ms a request (and its main
 * thread's, when it has one) and the cores it used, the same for the load generator.
 */
function cpuFigures({ server, loadGeneratorMs, requests, wallMs }) {
  const perRequest = (cpuMs) => Number((cpuMs / requests).toFixed(2));
  const cores = (cpuMs) => Number((cpuMs / wallMs).toFixed(2));
  return {
    serverMsPerRequest: perRequest(server.total),
    ...(server.mainThread === undefined ? {} : { mainThreadMsPerRequest: perRequest(server.mainThread) }),
    serverCores: cores(server.total),
    ...(server.database === undefined
      ? {}
      : { databaseMsPerRequest: perRequest(server.database), databaseCores: cores(server.database) }),
    loadGeneratorMsPerRequest: perRequest(loadGeneratorMs),
    loadGeneratorCores: cores(loadGeneratorMs),
  };
}

/**
 * A window's figures: requests a second, the median latency, the counts, and the CPU where the server's
 * was read. The rate is over the wall time, not the slices' nominal length: a slice stops sending at its
 * end but counts the answers still in flight then (up to one a connection), which in five 2 s slices
 * would add 160 requests at 32 connections, +16 % at 100 req/s, and more the slower the contender.
 */
export function windowFigures({ latencies, non2xx, errors, wallMs, server, loadGeneratorMs }) {
  const sorted = latencies.toSorted((a, b) => a - b);
  const requests = sorted.length;
  return {
    requestsPerSecond: Number(((requests * 1000) / wallMs).toFixed(1)),
    p50: Math.round(sorted[Math.floor(requests / 2)] ?? 0),
    requests,
    non2xx,
    errors,
    ...(server ? { cpu: cpuFigures({ server, loadGeneratorMs, requests, wallMs }) } : {}),
  };
}
