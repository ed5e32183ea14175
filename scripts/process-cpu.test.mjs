// The benchmarks' CPU readings (bench/process-cpu.mjs): a /proc stat line read field by field as proc(5)
// numbers them, whatever the process's name holds.
import { describe, expect, it } from 'vitest';
import { descendantsOf, parseStat } from '../bench/process-cpu.mjs';

// A php -S worker's line, its name made awkward: every field near the times holds a value of its own.
const STAT =
  '10995 (php -S (x) y) S 10993 10994 10993 0 -1 4194368 445602 0 9 4 1753 640 7 3 20 0 1 0 21225 228962304 5509 ' +
  '18446744073709551615 94441281871872 94441285064733 140720572164128 0 0 0 0 4096 67127815 1 0 0 17 0 0 0 0 0 0';

describe('a /proc stat line', () => {
  it('gives the pid, the whole name, the parent, the group and the times in ms (100 ticks a second)', () => {
    expect(parseStat(STAT)).toEqual({
      pid: 10995,
      name: 'php -S (x) y',
      ppid: 10993,
      pgrp: 10994,
      userMs: 17_530,
      systemMs: 6400,
      reapedChildrenMs: 100,
    });
  });
});

describe('the processes below another', () => {
  it('are its children and theirs, not itself nor the others', () => {
    const processes = [
      { pid: 1, ppid: 0 },
      { pid: 20, ppid: 1 },
      { pid: 31, ppid: 30 },
      { pid: 30, ppid: 20 },
      { pid: 40, ppid: 1 },
    ];
    expect(descendantsOf(20, processes).sort()).toEqual([30, 31]);
  });
});
