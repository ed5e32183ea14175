// What each plan may rewrite, as the landing and /payment pages list it (spec §9): read from the platform
// record, so the pages advertise exactly what the server allows. Apart from contracts/ai.ts on purpose:
// that module builds zod schemas when it loads, and the landing page must not download zod (initial JS
// budget, docs/performance.md) just to list two plans.
import { PLATFORM_LIST, platformNames } from './platforms';

export const PLAN_PLATFORM_LINES = {
  free: ['Feed and category summaries', `Article rewrites: ${platformNames(PLATFORM_LIST.filter((p) => !p.pro))}`],
  pro: [`Article rewrites: ${platformNames(PLATFORM_LIST.filter((p) => p.pro))}`, 'Everything in Free'],
};
