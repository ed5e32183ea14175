// "Email" on a generation card (spec §7, POST /api/ai-generations/{id}/email): one finished generation
// mailed to the person's delivery address (their own until another one is confirmed), within the daily
// limit, recorded like every send (issue 10 H1). A transport that fails is the person's to retry: it
// answers a fixed message, the details go to the log.
import type { Generation } from '../contracts/ai';
import { getPreferences } from '../db/preferences';
import { deliveryAddressOf, limitGenerationEmails } from '../email/delivery-address';
import { sendEmail } from '../email/send';
import { ApiError } from '../lib/errors';
import { errorFields, log } from '../lib/log';
import type { ServicesAndEnv } from '../services';
import { renderGenerationsEmail } from './email';

type Person = { id: number; email: string; timezone: string };

/** Sends the generation; returns the address it went to. */
export async function emailGeneration(
  deps: Pick<ServicesAndEnv, 'db' | 'mail' | 'config'>,
  user: Person,
  generation: Generation,
  requestId?: string,
) {
  const { db, config } = deps;
  if (generation.content === null) throw new ApiError('CONFLICT', 'This generation is not ready yet.');
  await limitGenerationEmails(db, user);
  const preferences = await getPreferences(db, user.id);
  const to = deliveryAddressOf(user, preferences);
  const email = await renderGenerationsEmail([generation], {
    subject: `Feedloom: ${generation.title}`.slice(0, 200),
    intro: 'Here is the AI content you sent yourself from Feedloom.',
    format: preferences.emailFormat,
    config,
  });
  try {
    await sendEmail(deps, {
      to,
      userId: user.id,
      kind: 'generation',
      about: `generation:${generation.id}`,
      ...email,
    });
  } catch (error) {
    log.warn('generation.email_failed', { requestId, ...errorFields(error) });
    throw new ApiError('UPSTREAM_FAILED', 'The email could not be sent. Please try again later.');
  }
  return to;
}
