// The person's rules (issue 26): what each matches, where, what it does, how often it matched; delete.
import type { Rule } from '@contracts/rules';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { apiErrorMessage } from '@/lib/api-client';
import { useDeleteRule, useRules } from '../api/rules';

const ACTION_LABELS: Record<string, string> = {
  markRead: 'mark read',
  star: 'star',
  hide: 'hide',
  notify: 'digest',
};

const scopeLabel = (rule: Rule, names: Map<string, string>) =>
  rule.scope.type === 'all' ? 'every feed' : (names.get(`${rule.scope.type}:${rule.scope.id}`) ?? rule.scope.type);

export function RuleList({ names }: { names: Map<string, string> }) {
  const rules = useRules();
  const remove = useDeleteRule();
  if (!rules.data) return null;
  if (rules.data.length === 0) return <p className="text-sm text-muted-foreground">No rules yet.</p>;
  return (
    <ul className="grid gap-2" aria-label="Rules">
      {rules.data.map((rule) => (
        <li key={rule.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-border p-3">
          <div className="grid min-w-0 flex-1 gap-0.5">
            <span className="font-medium">{rule.name}</span>
            <span className="truncate text-sm text-muted-foreground">
              <code>{rule.match}</code> in {scopeLabel(rule, names)}:{' '}
              {rule.actions.map((a) => ACTION_LABELS[a]).join(', ')}
              {' · '}
              {rule.matchCount} matched
            </span>
          </div>
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              remove.mutate(rule.id, {
                onError: (error) =>
                  toast({ title: 'Not deleted', description: apiErrorMessage(error), variant: 'destructive' }),
              })
            }
          >
            Delete
          </Button>
        </li>
      ))}
    </ul>
  );
}
