// The two plans side by side (spec §9): Free $0 with 3 feeds and 5 credits; Pro $19/month with 50 feeds
// and 100 credits a month. The landing page advertises Pro at $10/month; this page shows $19/month, the
// price the spec gives for the subscription itself.
import { PLAN_PLATFORM_LINES } from '@contracts/ai';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { CheckIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';

type Plan = 'free' | 'pro';

const plans: Record<Plan, { name: string; price: string; blurb: string; items: string[] }> = {
  free: {
    name: 'Free',
    price: '$0',
    blurb: 'Everything you need to try Feedloom.',
    items: ['Up to 3 feeds', '5 AI credits', ...PLAN_PLATFORM_LINES.free, 'Categories and unread counts'],
  },
  pro: {
    name: 'Pro',
    price: '$19',
    blurb: 'For people who publish what they read.',
    items: ['Up to 50 feeds', '100 AI credits every month', 'WordPress publishing', ...PLAN_PLATFORM_LINES.pro],
  },
};

type PlanCardsProps = { current: Plan; proAction: ReactNode };

export function PlanCards({ current, proAction }: PlanCardsProps) {
  return (
    <ul aria-label="Plans" className="grid gap-6 md:grid-cols-2">
      {(['free', 'pro'] as const).map((id) => {
        const plan = plans[id];
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
                <span className="text-4xl font-bold">{plan.price}</span>
                <span className="text-muted-foreground">/month</span>
              </p>
            </div>
            <ul className="grid gap-2 text-sm">
              {plan.items.map((item) => (
                <li key={item} className="flex items-start gap-2">
                  <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                  {item}
                </li>
              ))}
            </ul>
            {id === 'pro' ? <div className="mt-auto">{proAction}</div> : null}
          </li>
        );
      })}
    </ul>
  );
}
