// OPML import (issue 3): POST /api/opml with the file's text → 202 {id, status, …, total}; the server
// follows the feeds in a queue job, and GET /api/opml/imports/{id} reports its progress. The mutation
// polls until the job is done, so its result is the final count. Export is a plain download of /api/opml.
import type { OpmlImportResult } from '@contracts/feeds';
import { mutationOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '@/lib/api-client';
import { opmlKeys, refreshFeedLists } from '@/lib/query-keys';

/** The download link of the export: the typed client's path, so a renamed route breaks the typecheck. */
export const OPML_EXPORT_URL = client.opml.$path();
const POLL_INTERVAL_MS = 1000;
const POLL_LIMIT = 300;

export type OpmlImport = OpmlImportResult & { total: number };

export async function startOpmlImport(text: string): Promise<OpmlImport> {
  // The file goes as it is, not wrapped in JSON: the route reads the raw body.
  const response = await client.opml.$post(undefined, {
    headers: { 'Content-Type': 'text/x-opml' },
    init: { body: text },
  });
  return response.json();
}

export function getOpmlImport(importId: number): Promise<OpmlImport> {
  return client.opml.imports[':importId']
    .$get({ param: { importId: String(importId) } })
    .then((response) => response.json());
}

export function opmlImportQueryOptions(importId: number) {
  return queryOptions({
    queryKey: opmlKeys.import(importId),
    queryFn: () => getOpmlImport(importId),
    staleTime: 0,
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts an import and resolves with its outcome once the server has worked through every feed. */
export async function importOpml(text: string, onStarted?: (job: OpmlImport) => void): Promise<OpmlImport> {
  let job = await startOpmlImport(text);
  onStarted?.(job);
  for (let polls = 0; job.status === 'pending' && polls < POLL_LIMIT; polls++) {
    await wait(POLL_INTERVAL_MS);
    job = await getOpmlImport(job.id);
  }
  return job;
}

export function importOpmlMutationOptions() {
  return mutationOptions({
    mutationKey: ['opml', 'import'],
    mutationFn: ({ text, onStarted }: { text: string; onStarted?: (job: OpmlImport) => void }) =>
      importOpml(text, onStarted),
  });
}

/** "Imported N feeds, skipped M, K failed". */
export function describeOpmlImport(job: Pick<OpmlImport, 'added' | 'skipped' | 'failed'>): string {
  return `Imported ${job.added} feeds, skipped ${job.skipped}, ${job.failed} failed`;
}

type ImportCallbacks = { onSuccess?: (job: OpmlImport) => void; onError?: (error: Error) => void };

/** Callbacks live on the mutation, so the outcome is reported even if the page changed meanwhile. */
export function useImportOpml({ onSuccess, onError }: ImportCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...importOpmlMutationOptions(),
    onSuccess: async (job) => {
      await refreshFeedLists(queryClient);
      onSuccess?.(job);
    },
    onError,
  });
}
