// GET /api/users/me/export: everything the person made, saved as a JSON file by the browser.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { client } from '@/lib/api-client';

export async function exportAccount(): Promise<void> {
  const response = await client.users.me.export.$get();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'feedloom-export.json';
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  URL.revokeObjectURL(url);
}

export function exportAccountMutationOptions() {
  return mutationOptions({ mutationKey: ['users', 'me', 'export'], mutationFn: exportAccount });
}

export function useExportAccount() {
  return useMutation(exportAccountMutationOptions());
}
