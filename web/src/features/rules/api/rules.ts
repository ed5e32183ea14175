// /api/rules, /api/rules/preview, /api/preferences/mute-words and /api/saved-searches (issue 26): fetchers,
// query options and hooks. A change to rules or mute words refreshes every list (what they hide changes
// what the lists show) and the sidebar's counts.
import type { MuteWords, Rule, RuleAction, RulePreview, RuleScope, SavedSearch } from '@contracts/rules';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { categoryKeys, itemKeys, ruleKeys } from '@/lib/query-keys';

export type RuleInput = {
  name: string;
  scope: RuleScope;
  match: string;
  actions: RuleAction[];
  applyToExisting: boolean;
  confirm: boolean;
};

export function rulesQueryOptions() {
  return queryOptions({
    queryKey: ruleKeys.list(),
    queryFn: (): Promise<Rule[]> => client.rules.$get().then((response) => response.json()),
  });
}

export const useRules = () => useQuery(rulesQueryOptions());

/** The preview of a match as the person types: asked only for a match of at least one letter. */
export function useRulePreview(scope: RuleScope, match: string) {
  return useQuery({
    queryKey: ruleKeys.preview(scope, match),
    queryFn: (): Promise<RulePreview> =>
      client.rules.preview
        .$post({ json: { scope, match } })
        .then((response) => response.json() as Promise<RulePreview>),
    enabled: match.trim() !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}

function useRefreshAfterRules() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ruleKeys.all() });
    void queryClient.invalidateQueries({ queryKey: itemKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: categoryKeys.withFeeds() });
    void queryClient.invalidateQueries({ queryKey: ruleKeys.savedSearches() });
  };
}

export function useCreateRule() {
  const refresh = useRefreshAfterRules();
  return useMutation({
    mutationFn: (input: RuleInput) => client.rules.$post({ json: input }).then((response) => response.json()),
    onSuccess: refresh,
  });
}

/** A change to a saved rule: any of its fields, turning it on or off, applying it to stored items. */
export type RuleChange = Partial<RuleInput> & { enabled?: boolean };

export function useUpdateRule() {
  const refresh = useRefreshAfterRules();
  return useMutation({
    mutationFn: ({ ruleId, change }: { ruleId: number; change: RuleChange }) =>
      client.rules[':ruleId']
        .$patch({ param: { ruleId: String(ruleId) }, json: change })
        .then((response) => response.json() as Promise<Rule>),
    onSuccess: refresh,
  });
}

export function useDeleteRule() {
  const refresh = useRefreshAfterRules();
  return useMutation({
    mutationFn: (ruleId: number) =>
      client.rules[':ruleId'].$delete({ param: { ruleId: String(ruleId) } }).then((response) => response.json()),
    onSuccess: refresh,
  });
}

export function useMuteWords() {
  return useQuery({
    queryKey: ruleKeys.muteWords(),
    queryFn: (): Promise<MuteWords> => client.preferences['mute-words'].$get().then((response) => response.json()),
  });
}

export function useSaveMuteWords() {
  const refresh = useRefreshAfterRules();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (muteWords: string[]) =>
      client.preferences['mute-words'].$put({ json: { muteWords } }).then((response) => response.json()),
    onSuccess: (saved) => {
      queryClient.setQueryData(ruleKeys.muteWords(), saved);
      refresh();
    },
  });
}

export function useSavedSearches() {
  return useQuery({
    queryKey: ruleKeys.savedSearches(),
    queryFn: (): Promise<SavedSearch[]> => client['saved-searches'].$get().then((response) => response.json()),
  });
}

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; query: string; scope: RuleScope }) =>
      client['saved-searches'].$post({ json: input }).then((response) => response.json()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ruleKeys.savedSearches() }),
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      client['saved-searches'][':savedSearchId']
        .$delete({ param: { savedSearchId: String(id) } })
        .then((response) => response.json()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ruleKeys.savedSearches() }),
  });
}
