// Adding, changing and removing WordPress sites (POST, PATCH, DELETE /api/wordpress/sites). The server
// checks the credentials against the site before saving and answers 400 with the reason when they fail,
// or 403 to Free accounts. Each success refetches the sites list.
import type { WordPressSite } from '@contracts/wordpress';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
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
  return client.wordpress.sites.$post({ json: input }).then((response) => response.json());
}

export function updateWordPressSite({ siteId, changes }: UpdateSiteInput): Promise<WordPressSite> {
  return client.wordpress.sites[':siteId']
    .$patch({ param: { siteId: String(siteId) }, json: changes })
    .then((response) => response.json());
}

export function deleteWordPressSite(siteId: number): Promise<{ message: string }> {
  return client.wordpress.sites[':siteId']
    .$delete({ param: { siteId: String(siteId) } })
    .then((response) => response.json());
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
