// What the browser downloads holds no AI prompt: anyone can read the SPA's scripts, and the prompts are
// the server's (worker/ai/platforms.ts, worker/ai/prompts.ts). It lives in the browser suite because that
// suite builds the SPA exactly as it ships (global-setup.ts: `npm run build`), so checking dist/client here
// costs a directory read; building it again for `npm test` would add a production Vite build to every landing.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLATFORM_WRITING } from '../worker/ai/platforms';
import { PLATFORM_LIST } from '../worker/contracts/platforms';

const CLIENT = 'dist/client';
// The person's content length goes into a prompt as a quote, so the cut below removes it too.
const LENGTH_MARK = '"';

/** Every file the Worker serves as a static asset, as text. */
function clientFiles(dir = CLIENT): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return clientFiles(path);
    return [{ path, text: readFileSync(path, 'utf8') }];
  });
}

/**
 * The fixed wording of each platform's prompt as long pieces: cut where the person's content length goes
 * and where a minifier may escape a character (quotes, backslashes, anything past ASCII); a piece of 30
 * characters or more names that prompt and nothing else.
 */
function promptPieces(): string[] {
  return Object.values(PLATFORM_WRITING).flatMap((writing) =>
    writing
      .prompt(LENGTH_MARK)
      .split(/["'`\\\u0080-\uffff]+/)
      .filter((piece) => piece.length >= 30),
  );
}

describe('the SPA as it ships', () => {
  it('carries the platforms’ public record but none of their prompts', () => {
    const files = clientFiles();
    const scripts = files.filter((file) => file.path.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    // The right files: the rewrite dialog's platform names are in them.
    const all = files.map((file) => file.text).join('\n');
    for (const platform of PLATFORM_LIST) expect(all, platform.name).toContain(platform.name);

    const pieces = promptPieces();
    expect(pieces.length).toBeGreaterThanOrEqual(PLATFORM_LIST.length);
    const leaks = files.flatMap((file) =>
      pieces.filter((piece) => file.text.includes(piece)).map((piece) => `${file.path}: ${piece.slice(0, 60)}…`),
    );
    expect(leaks).toEqual([]);
  });
});
