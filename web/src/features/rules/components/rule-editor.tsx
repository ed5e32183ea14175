// The rule editor (issue 26): a name, what the rule looks at (every feed, a category or a feed), the match
// in the search syntax, what it does, and, as the person types, the matches of the last 30 days (asked
// 400 ms after the last key, the previous answer kept on screen meanwhile). A hide that would take more
// than 90% of them asks to be confirmed before it can be saved. Given a saved rule, it edits that rule
// (PATCH) with the same fields and preview.
import type { Rule, RuleAction, RuleScope } from '@contracts/rules';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Button, PendingButton } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast-store';
import { apiErrorMessage } from '@/lib/api-client';
import { useCreateRule, useRulePreview, useUpdateRule } from '../api/rules';

const PREVIEW_DELAY_MS = 400;

const ACTIONS: { value: RuleAction; label: string }[] = [
  { value: 'markRead', label: 'Mark as read' },
  { value: 'star', label: 'Star' },
  { value: 'hide', label: 'Hide' },
  { value: 'notify', label: 'Tell me in the next digest' },
];

type Named = { id: number; name: string };

/** `value`, once it has stayed the same for `delay` ms. */
function useDebounced<T>(value: T, delay: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

const scopeValue = (scope: RuleScope) => (scope.type === 'all' ? 'all' : `${scope.type}:${scope.id}`);

function scopeOf(value: string): RuleScope {
  const [type, id] = value.split(':');
  return type === 'feed' || type === 'category' ? { type, id: Number(id) } : { type: 'all' };
}

/**
 * A new rule, or `editing` (its fields filled in; the parent keys the editor by the rule, so each starts
 * afresh). `onDone` is called once the edit is saved or given up.
 */
export function RuleEditor({
  feeds,
  categories,
  editing = null,
  onDone,
}: {
  feeds: Named[];
  categories: Named[];
  editing?: Rule | null;
  onDone?: () => void;
}) {
  const [name, setName] = useState(editing?.name ?? '');
  const [scope, setScope] = useState<RuleScope>(editing?.scope ?? { type: 'all' });
  const [match, setMatch] = useState(editing?.match ?? '');
  const [actions, setActions] = useState<RuleAction[]>(editing?.actions ?? ['hide']);
  const [applyToExisting, setApplyToExisting] = useState(true);
  const [confirm, setConfirm] = useState(false);
  const settled = useDebounced(match.trim(), PREVIEW_DELAY_MS);
  const preview = useRulePreview(scope, settled);
  const create = useCreateRule();
  const update = useUpdateRule();
  const saving = editing ? update : create;
  const previewId = useId();
  const hides = actions.includes('hide');
  const needsConfirm = hides && preview.data?.needsConfirm === true;

  const toggle = (action: RuleAction) =>
    setActions((current) => (current.includes(action) ? current.filter((a) => a !== action) : [...current, action]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { name: name.trim() || match.trim(), scope, match, actions, applyToExisting, confirm };
    const onError = (error: Error) =>
      toast({ title: 'The rule was not saved', description: apiErrorMessage(error), variant: 'destructive' });
    if (editing) {
      update.mutate(
        { ruleId: editing.id, change: input },
        {
          onSuccess: () => {
            toast({ title: 'Rule changed', description: input.name });
            onDone?.();
          },
          onError,
        },
      );
      return;
    }
    create.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Rule saved', description: input.name });
        setName('');
        setMatch('');
        setConfirm(false);
      },
      onError,
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label={editing ? `Edit rule ${editing.name}` : 'New rule'}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" value={name} onChange={(event) => setName(event.target.value)} placeholder="No crypto" />
        <div className="grid gap-2">
          <Label htmlFor={`${previewId}-scope`}>Applies to</Label>
          <Select
            id={`${previewId}-scope`}
            value={scopeValue(scope)}
            onChange={(event) => setScope(scopeOf(event.target.value))}
          >
            <option value="all">Every feed</option>
            {categories.map((category) => (
              <option key={`c${category.id}`} value={`category:${category.id}`}>
                Category: {category.name}
              </option>
            ))}
            {feeds.map((feed) => (
              <option key={`f${feed.id}`} value={`feed:${feed.id}`}>
                Feed: {feed.name}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <Field
        label="Match"
        value={match}
        onChange={(event) => setMatch(event.target.value)}
        placeholder='crypto -"bitcoin etf" title:sponsored link:youtube.com'
        hint="The search syntax: words, &quot;phrases&quot;, -leave out, prefix*, title:, author:, content:, link:"
        aria-controls={previewId}
        required
      />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Then</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {ACTIONS.map((action) => (
            <label key={action.value} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={actions.includes(action.value)} onChange={() => toggle(action.value)} />
              {action.label}
            </label>
          ))}
        </div>
        <label className="flex items-center gap-2 text-sm text-muted-foreground">
          <input
            type="checkbox"
            checked={applyToExisting}
            onChange={(event) => setApplyToExisting(event.target.checked)}
          />
          Also apply to the items already here
        </label>
      </fieldset>

      <RulePreviewPanel id={previewId} preview={preview} typed={match.trim()} settled={settled} />

      {needsConfirm ? (
        <label className="flex items-start gap-2 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm">
          <input type="checkbox" checked={confirm} onChange={(event) => setConfirm(event.target.checked)} />
          <span>
            This would hide more than 90% of the last 30 days ({preview.data?.count} of {preview.data?.total} items).
            Hide them anyway.
          </span>
        </label>
      ) : null}

      <div className="flex flex-wrap gap-2">
        <PendingButton
          type="submit"
          pending={saving.isPending}
          pendingLabel="Saving…"
          disabled={match.trim() === '' || actions.length === 0 || (needsConfirm && !confirm)}
        >
          {editing ? 'Save changes' : 'Save rule'}
        </PendingButton>
        {editing ? (
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

type PreviewState = ReturnType<typeof useRulePreview>;

/** The matches of the last 30 days: how many, and the first of them. */
function RulePreviewPanel({
  id,
  preview,
  typed,
  settled,
}: {
  id: string;
  preview: PreviewState;
  typed: string;
  settled: string;
}) {
  const waiting = typed !== settled || preview.isFetching;
  let body: ReactNode;
  if (typed === '') body = <p className="text-sm text-muted-foreground">Type a match to see what it takes.</p>;
  else if (preview.isError)
    body = <p className="text-sm font-medium text-destructive">{apiErrorMessage(preview.error) ?? 'Not a match'}</p>;
  else if (!preview.data) body = <p className="text-sm text-muted-foreground">Looking…</p>;
  else {
    const { count, total, items } = preview.data;
    body = (
      <>
        <p className="text-sm font-medium">
          {count === 0
            ? 'No item of the last 30 days matches.'
            : `${count} of ${total} items of the last 30 days match${count > items.length ? ` (the first ${items.length} shown)` : ''}.`}
        </p>
        {items.length > 0 ? (
          <ul className="grid max-h-72 gap-1 overflow-y-auto text-sm">
            {items.map((item) => (
              <li key={item.id} className="flex gap-2 truncate">
                <span className="truncate">{item.title}</span>
                <span className="shrink-0 text-muted-foreground">· {item.source}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </>
    );
  }
  return (
    <section
      id={id}
      aria-label="Preview"
      aria-live="polite"
      aria-busy={waiting}
      data-testid="rule-preview"
      className="grid gap-2 rounded-md border border-border bg-muted/40 p-3"
    >
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Preview</h3>
      {body}
    </section>
  );
}
