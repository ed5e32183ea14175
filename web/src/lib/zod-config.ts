// Imported for its effect, first thing in the app entry: zod compiles fast paths with `new Function`
// when it may; under the app's CSP (no 'unsafe-eval') even its probe is reported as a violation, so it
// runs without them. zod probes on the first parse, never at import, so setting this before the app
// renders is early enough; it lives here rather than in main.tsx so the landing page never loads zod.
import { config } from 'zod';

config({ jitless: true });
