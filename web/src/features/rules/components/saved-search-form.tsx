// Save a search (issue 26): a name and the search syntax; it then shows in the sidebar under "Searches".
import { type FormEvent, useState } from 'react';
import { Button, PendingButton } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { apiErrorMessage } from '@/lib/api-client';
import { useCreateSavedSearch, useDeleteSavedSearch, useSavedSearches } from '../api/rules';

export function SavedSearchForm() {
  const [name, setName] = useState('');
  const [query, setQuery] = useState('');
  const create = useCreateSavedSearch();
  const remove = useDeleteSavedSearch();
  const searches = useSavedSearches();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim() || query.trim(), query, scope: { type: 'all' } },
      {
        onSuccess: () => {
          setName('');
          setQuery('');
        },
        onError: (error) => toast({ title: 'Not saved', description: apiErrorMessage(error), variant: 'destructive' }),
      },
    );
  };
  return (
    <div className="grid gap-3">
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
        <Field label="Search name" value={name} onChange={(event) => setName(event.target.value)} />
        <Field label="Search" value={query} onChange={(event) => setQuery(event.target.value)} required />
        <PendingButton type="submit" pending={create.isPending} pendingLabel="Saving…" variant="secondary">
          Save search
        </PendingButton>
      </form>
      <ul className="grid gap-1 text-sm">
        {(searches.data ?? []).map((search) => (
          <li key={search.id} className="flex items-center justify-between gap-2">
            <span>
              {search.name} <code className="text-muted-foreground">{search.query}</code>
            </span>
            <Button variant="ghost" size="sm" onClick={() => remove.mutate(search.id)}>
              Delete
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
