// The real-world feed fixtures (worker/feeds/testdata/fixtures, listed in MANIFEST.tsv) as UTF-8 text,
// read from disk, for the tests of pure modules that run in plain Node (project worker-node; a file that
// imports this must not need workerd, whose node:fs is not this disk). As Vite `?raw` imports the 7 MB
// were 141 modules to transform and load, about 2 s of CPU in every run.
import { readdirSync, readFileSync } from 'node:fs';

const FIXTURES = new URL('../feeds/testdata/fixtures/', import.meta.url);

/** Every fixture file (not the LICENSES folder) whose name `wanted` accepts: name → text, in name order. */
export function fixtureFeeds(wanted: (name: string) => boolean = () => true) {
  const files = readdirSync(FIXTURES, { withFileTypes: true })
    .filter((entry) => entry.isFile() && wanted(entry.name))
    .map((entry) => entry.name)
    .sort();
  return new Map(files.map((name) => [name, readFileSync(new URL(name, FIXTURES), 'utf8')]));
}
