// The person's rules (issue 26): what each matches, where, what it does, how often it matched; turn one
// off or on (a rule that is off leaves new items alone; what it did stays done), edit it, delete it.
import type { Rule } from '@contracts/rules';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { apiErrorMessage } from '@/lib/api-client';
import { useDeleteRule, useRules, useUpdateRule } from '../api/rules';

const ACTION_LABELS: Record<string, string> = {
  markRead: 'mark read',
  star: 'star',
  hide: 'hide',
  notify: 'digest',
};

const scopeLabel = (rule: Rule, names: Map<string, string>) =>
  rule.scope.type === 'all' ? 'every feed' : (names.get(`${rule.scope.type}:${rule.scope.id}`) ?? rule.scope.type);

export function RuleList({
  names,
  editingId,
  onEdit,
}: {
  names: Map<string, string>;
  editingId: number | null;
  onEdit: (rule: Rule) => void;
}) {
  const rules = useRules();
  const remove = useDeleteRule();
  const update = useUpdateRule();
  const turn = (rule: Rule, enabled: boolean) =>
    update.mutate(
      { ruleId: rule.id, change: { enabled } },
      {
        onSuccess: () => toast({ title: enabled ? 'Rule on' : 'Rule off', description: rule.name }),
        onError: (error) =>
          toast({ title: 'Not changed', description: apiErrorMessage(error), variant: 'destructive' }),
      },
    );
  if (!rules.data) return null;
  if (rules.data.length === 0) return <p className="text-sm text-muted-foreground">No rules yet.</p>;
  return (
    <ul className="grid gap-2" aria-label="Rules">
      {rules.data.map((rule) => (
        <li
          key={rule.id}
          data-enabled={rule.enabled}
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-border p-3 data-[enabled=false]:opacity-70"
        >
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={rule.enabled}
              aria-label={`${rule.name}: on`}
              onChange={(event) => turn(rule, event.target.checked)}
            />
            <span className="w-6 text-muted-foreground">{rule.enabled ? 'On' : 'Off'}</span>
          </label>
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
            aria-label={`Edit ${rule.name}`}
            disabled={editingId === rule.id}
            onClick={() => onEdit(rule)}
          >
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Delete ${rule.name}`}
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
