// Load-test contenders measured in turns (bench/turns.mjs): the order of the turns, and a contender's
// slices added up into the figures bench/freshrss.mjs records.
import { describe, expect, it } from 'vitest';
import { addSlices, turnOrder, windowFigures } from '../bench/turns.mjs';

describe('the order of the turns', () => {
  it('gives each contender one turn a round, each round starting one further on', () => {
    expect(turnOrder(3, 5)).toEqual([
      [0, 1, 2],
      [1, 2, 0],
      [2, 0, 1],
      [0, 1, 2],
      [1, 2, 0],
    ]);
  });

  it('puts each of six contenders first once in six rounds', () => {
    const firsts = turnOrder(6, 6).map((order) => order[0]);
    expect(firsts.toSorted()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe("a contender's slices added up", () => {
  const slice = (latencies, wallMs, server, extra = {}) => ({
    latencies,
    non2xx: 0,
    errors: 0,
    wallMs,
    server,
    loadGeneratorMs: 100,
    ...extra,
  });

  it('serve their requests over their summed wall time, with the median of every latency', () => {
    const figures = windowFigures(
      addSlices([
        slice([5, 1, 3], 1000, { total: 30, mainThread: 20 }, { non2xx: 1 }),
        slice([4, 2], 1500, { total: 20, mainThread: 10 }, { errors: 2 }),
      ]),
    );
    expect(figures).toEqual({
      requestsPerSecond: 2,
      p50: 3,
      requests: 5,
      non2xx: 1,
      errors: 2,
      cpu: {
        serverMsPerRequest: 10,
        mainThreadMsPerRequest: 6,
        serverCores: 0.02,
        loadGeneratorMsPerRequest: 40,
        loadGeneratorCores: 0.08,
      },
    });
  });

  it('give no main thread figure for a server without one, and no CPU when a slice could not read it', () => {
    const php = windowFigures(addSlices([slice([1], 1000, { total: 3 }), slice([1], 1000, { total: 5 })]));
    expect(php.cpu).toEqual({
      serverMsPerRequest: 4,
      serverCores: 0,
      loadGeneratorMsPerRequest: 100,
      loadGeneratorCores: 0.1,
    });
    const unread = windowFigures(addSlices([slice([1], 1000, { total: 3 }), slice([1], 1000, null)]));
    expect(unread).not.toHaveProperty('cpu');
  });

  it("give a split runtime's database process its own share of the server's CPU", () => {
    const split = windowFigures(
      addSlices([
        slice([1, 1], 1000, { total: 40, mainThread: 36, database: 16 }),
        slice([1, 1], 1000, { total: 20, mainThread: 18, database: 8 }),
      ]),
    );
    expect(split.cpu).toMatchObject({
      serverMsPerRequest: 15,
      mainThreadMsPerRequest: 13.5,
      databaseMsPerRequest: 6,
      databaseCores: 0.01,
    });
  });
});
