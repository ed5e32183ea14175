// /payment (spec §2): credits and subscription.
import { Badge } from '@/components/ui/badge';
import { Card, CardDescription, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';

export function PaymentPage({ plan, credits }: { plan: 'free' | 'pro'; credits: number }) {
  return (
    <>
      <PageHeader title="Credits & Subscription" description="Your plan and the credits AI generations use." />
      <div className="grid gap-6 sm:grid-cols-2">
        <Card>
          <CardHeader>
            <CardDescription>Current plan</CardDescription>
            <p className="flex items-center gap-2 text-2xl font-bold">
              {plan === 'pro' ? 'Pro' : 'Free'}
              <Badge variant={plan === 'pro' ? 'default' : 'secondary'}>
                {plan === 'pro' ? 'Pro Plan' : 'Free Plan'}
              </Badge>
            </p>
            <CardDescription>{plan === 'pro' ? 'Up to 50 feeds.' : 'Up to 3 feeds.'}</CardDescription>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <CardDescription>Credits</CardDescription>
            <p className="text-2xl font-bold">{credits}</p>
            <CardDescription>
              {plan === 'pro' ? 'Reset to 100 every month.' : 'A summary or social post costs 1; a blog post costs 2.'}
            </CardDescription>
          </CardHeader>
        </Card>
      </div>
    </>
  );
}
