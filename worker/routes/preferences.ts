// Preferences (spec §7): AI preferences, the email settings and the language on their own, and which
// AI services are configured. Saving the schedule recomputes the next delivery in the person's zone.
import { Hono } from 'hono';
import { nextDigestDate } from '../ai/digest';
import { emailSettingsSchema, type HasApiKeys, updateLanguageSchema, updatePreferencesSchema } from '../contracts/ai';
import { muteWordsSchema } from '../contracts/rules';
import { getPreferences, savePreferences } from '../db/preferences';
import { getMuteWords, muteRuleId, saveMuteWords } from '../db/rules';
import { savePreferencesWithDelivery } from '../email/delivery-address';
import type { AuthedEnv } from '../env';
import { validate } from '../lib/validate';
import { requireUser } from '../middleware/session';
import { applyMuteWordsToExisting } from '../rules/apply-existing';

export const preferenceRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get('/', async (c) => c.json(await getPreferences(c.var.db, c.var.user.id)))
  .patch('/', validate('json', updatePreferencesSchema), async (c) => {
    const changes = c.req.valid('json');
    const { id, timezone } = c.var.user;
    const frequency = changes.frequency ?? (await getPreferences(c.var.db, id)).frequency;
    return c.json(
      await savePreferencesWithDelivery(c.env, c.var.db, c.var.user, changes, nextDigestDate(frequency, timezone)),
    );
  })
  .patch('/email', validate('json', emailSettingsSchema), async (c) =>
    c.json(await savePreferencesWithDelivery(c.env, c.var.db, c.var.user, c.req.valid('json'))),
  )
  .patch('/language', validate('json', updateLanguageSchema), async (c) =>
    c.json(await savePreferences(c.var.db, c.var.user.id, c.req.valid('json'))),
  )
  // Mute words (issue 26): the person's one hide rule of scope all, saved here as a list of words.
  .get('/mute-words', async (c) => c.json({ muteWords: await getMuteWords(c.var.peopleDb, c.var.user.id) }))
  .put('/mute-words', validate('json', muteWordsSchema), async (c) => {
    const { muteWords } = c.req.valid('json');
    await saveMuteWords(c.var.peopleDb, c.var.user.id, muteWords);
    await applyMuteWordsToExisting(
      c.var.reader,
      { id: await muteRuleId(c.var.peopleDb, c.var.user.id), name: 'Mute words', actions: ['hide'] },
      muteWords,
    );
    return c.json({ muteWords });
  })
  .get('/has-api-keys', (c) => {
    const keys: HasApiKeys = {
      openrouter: c.var.services.ai.kind === 'online',
      replicate: c.var.services.images.canDraw,
    };
    return c.json(keys);
  });
