// What payments change on an account (billing/stripe.ts decides when): the plan and Stripe's ids on the
// user row, and the webhook events already applied, so a redelivered event changes nothing twice.
import { eq } from 'drizzle-orm';
import { processedEvents, users } from '../../schema';
import type { Db } from './client';
import { copyUsersRow } from './users-row-copy';

export async function findUserByStripeCustomer(db: Db, customerId: string) {
  const [user] = await db.select().from(users).where(eq(users.stripeCustomerId, customerId));
  return user ?? null;
}

export async function isEventProcessed(db: Db, eventId: string) {
  const [seen] = await db
    .select({ id: processedEvents.id })
    .from(processedEvents)
    .where(eq(processedEvents.id, eventId));
  return seen !== undefined;
}

export async function recordProcessedEvent(db: Db, eventId: string, kind: string) {
  await db.insert(processedEvents).values({ id: eventId, kind, processedAt: new Date() }).onConflictDoNothing();
}

/** Pro, with the Stripe customer and subscription that pay for it when given. */
export async function setProPlan(
  db: Db,
  userId: number,
  stripe?: { customerId: string | null; subscriptionId: string | null },
) {
  await db
    .update(users)
    .set({
      plan: 'pro',
      ...(stripe ? { stripeCustomerId: stripe.customerId, stripeSubscriptionId: stripe.subscriptionId } : {}),
    })
    .where(eq(users.id, userId));
  await copyUsersRow(db, userId);
}

/** Back to Free: the subscription ended. */
export async function endProPlan(db: Db, userId: number) {
  await db.update(users).set({ plan: 'free', stripeSubscriptionId: null }).where(eq(users.id, userId));
  await copyUsersRow(db, userId);
}
