// A number the Worker's code declares as `export const NAME = 1_000;` (or without export), read from its
// file: the benchmarks and the limits table take the code's own bounds, so they cannot disagree with it.
import { readFileSync } from 'node:fs';

const read = (file) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');

/** `export const NAME = <number>;` in `file` (a path from the repository's root). */
export function constantIn(file, name) {
  const match = new RegExp(`export const ${name} = ([\\d_]+);`).exec(read(file));
  if (!match) throw new Error(`${file} declares no ${name}`);
  return Number(match[1].replaceAll('_', ''));
}

/** `const NAME = <number>;` in `file`, exported or not. */
export function privateConstantIn(file, name) {
  const match = new RegExp(`const ${name} = ([\\d_]+);`).exec(read(file));
  if (!match) throw new Error(`${file} declares no ${name}`);
  return Number(match[1].replaceAll('_', ''));
}
