// Adding, changing and removing WordPress sites (POST, PATCH, DELETE /api/wordpress/sites). The server
// checks the credentials against the site before saving and answers 400 with the reason when they fail,
// or 403 to Free accounts. Each success refetches the sites list.
import type { WordPressSite } from '@contracts/wordpress';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { wordpressKeys } from '@/lib/query-keys';

export type AddSiteInput = {
  name: string;
  url: string;
  username: string;
  applicationPassword: string;
  isDefault?: boolean;
};
export type UpdateSiteInput = { siteId: number; changes: Partial<AddSiteInput> };

export function addWordPressSite(input: AddSiteInput): Promise<WordPressSite> {
  return api.post<WordPressSite>('/api/wordpress/sites', input);
}

export function updateWordPressSite({ siteId, changes }: UpdateSiteInput): Promise<WordPressSite> {
  return api.patch<WordPressSite>(`/api/wordpress/sites/${siteId}`, changes);
}

export function deleteWordPressSite(siteId: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/api/wordpress/sites/${siteId}`);
}

export function addSiteMutationOptions() {
  return mutationOptions({ mutationKey: ['wordpress', 'add-site'], mutationFn: addWordPressSite });
}

export function updateSiteMutationOptions() {
  return mutationOptions({ mutationKey: ['wordpress', 'update-site'], mutationFn: updateWordPressSite });
}

export function deleteSiteMutationOptions() {
  return mutationOptions({ mutationKey: ['wordpress', 'delete-site'], mutationFn: deleteWordPressSite });
}

function useRefetchSites() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: wordpressKeys.sites() });
}

export function useAddWordPressSite() {
  const refetchSites = useRefetchSites();
  return useMutation({ ...addSiteMutationOptions(), onSuccess: refetchSites });
}

export function useUpdateWordPressSite() {
  const refetchSites = useRefetchSites();
  return useMutation({ ...updateSiteMutationOptions(), onSuccess: refetchSites });
}

export function useDeleteWordPressSite() {
  const refetchSites = useRefetchSites();
  return useMutation({ ...deleteSiteMutationOptions(), onSuccess: refetchSites });
}
