// Before each test file of the happy-dom projects (web, extension): an empty document and empty storage.
// Those projects run their files one after another in one environment (vitest.config.ts: isolate false),
// since a new happy-dom window per file cost more than all their tests; a file that left a node, a
// stored setting or a stubbed global behind would otherwise hand it to the next file.
import { vi } from 'vitest';

vi.unstubAllGlobals();
vi.useRealTimers();
document.head.replaceChildren();
document.body.replaceChildren();
document.body.removeAttribute('class');
document.documentElement.removeAttribute('class');
document.documentElement.removeAttribute('style');
document.documentElement.removeAttribute('data-theme');
localStorage.clear();
sessionStorage.clear();
