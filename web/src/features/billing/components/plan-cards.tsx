// The two plans side by side (spec §9): Free $0 with 3 feeds and 5 credits; Pro $19/month with 50 feeds
// and 100 credits a month. The landing page advertises Pro at $10/month; this page shows $19/month, the
// price the spec gives for the subscription itself.
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { CheckList } from '@/components/ui/check-list';
import { cn } from '@/lib/cn';
import { PLAN_OFFERS, type PlanId } from '@/lib/plans';

const PRICES: Record<PlanId, string> = { free: '$0', pro: '$19' };

type PlanCardsProps = { current: PlanId; proAction: ReactNode };

export function PlanCards({ current, proAction }: PlanCardsProps) {
  return (
    <ul aria-label="Plans" className="grid gap-6 md:grid-cols-2">
      {(['free', 'pro'] as const).map((id) => {
        const plan = PLAN_OFFERS[id];
        const isCurrent = id === current;
        return (
          <li
            key={id}
            aria-current={isCurrent ? 'true' : undefined}
            className={cn(
              'grid content-start gap-5 rounded-2xl border bg-card p-6 shadow-sm',
              id === 'pro' ? 'border-primary ring-1 ring-primary' : 'border-border',
            )}
          >
            <div className="grid gap-2">
              <h3 className="flex items-center justify-between gap-2 text-xl font-semibold">
                {plan.name}
                {isCurrent ? <Badge variant={id === 'pro' ? 'default' : 'secondary'}>Current plan</Badge> : null}
              </h3>
              <p className="text-sm text-muted-foreground">{plan.blurb}</p>
              <p>
                <span className="text-4xl font-bold">{PRICES[id]}</span>
                <span className="text-muted-foreground">/month</span>
              </p>
            </div>
            <CheckList items={plan.items} />
            {id === 'pro' ? <div className="mt-auto">{proAction}</div> : null}
          </li>
        );
      })}
    </ul>
  );
}
