import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowOwnOrigin, readDevVars } from './dev-vars.mjs';

describe('allowOwnOrigin', () => {
  it('adds the development server’s own host to what is already listed, once', () => {
    expect(allowOwnOrigin('http://localhost:8787', '')).toBe('localhost:8787');
    expect(allowOwnOrigin('http://localhost:5173/', '127.0.0.1:9999, localhost:5173')).toBe(
      '127.0.0.1:9999,localhost:5173',
    );
    expect(allowOwnOrigin('http://localhost:9000', undefined)).toBe('localhost:9000');
  });
});

describe('readDevVars', () => {
  it('reads KEY=value lines and skips comments; a missing file has none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dev-vars-'));
    const file = join(dir, '.dev.vars');
    writeFileSync(file, '# comment\nAPP_URL=http://localhost:9000\nFETCH_ALLOW_HOSTS = "127.0.0.1:1"\n');
    expect(readDevVars(file)).toEqual({ APP_URL: 'http://localhost:9000', FETCH_ALLOW_HOSTS: '127.0.0.1:1' });
    expect(readDevVars(join(dir, 'missing'))).toEqual({});
  });
});
