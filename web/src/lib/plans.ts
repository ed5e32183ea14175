// What each plan offers, in the words both the landing page's pricing and /payment list (spec §9). The
// price is each page's own: the landing page advertises Pro at $10/month, /payment shows the $19/month
// the spec gives for the subscription itself.
import { PLAN_PLATFORM_LINES } from '@contracts/plans';

export type PlanId = 'free' | 'pro';

export const PLAN_OFFERS: Record<PlanId, { name: string; blurb: string; items: string[] }> = {
  free: {
    name: 'Free',
    blurb: 'Everything you need to try Feedloom.',
    items: ['Up to 3 feeds', '5 AI credits', ...PLAN_PLATFORM_LINES.free, 'Categories and unread counts'],
  },
  pro: {
    name: 'Pro',
    blurb: 'For people who publish what they read.',
    items: ['Up to 50 feeds', '100 AI credits every month', 'WordPress publishing', ...PLAN_PLATFORM_LINES.pro],
  },
};
