// Plans and their limits (spec §9).
export const PLANS = {
  free: { maxFeeds: 3, monthlyCredits: 5 },
  pro: { maxFeeds: 50, monthlyCredits: 100 },
} as const;

export type Plan = keyof typeof PLANS;
