// Plans and their limits (spec §9).
export const PLANS = {
  // Rules and saved searches: issue 26.
  free: { maxFeeds: 3, monthlyCredits: 5, maxRules: 5, maxSavedSearches: 3 },
  pro: { maxFeeds: 50, monthlyCredits: 100, maxRules: 100, maxSavedSearches: 50 },
} as const;

export type Plan = keyof typeof PLANS;
