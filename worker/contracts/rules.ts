// Rules, mute words and saved searches (issue 26): what the API takes and gives. A rule's `match` and a
// saved search's `query` are the search syntax (worker/search/parse-query.ts): the routes parse them and
// answer its own 400s, so a rule never saves what search would refuse.
import * as z from 'zod';
import { MAX_SEARCH_CHARS, type StorySource } from './feeds';
import { idSchema } from './ids';

export const RULE_ACTIONS = ['markRead', 'star', 'hide', 'notify'] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];

export const SCOPE_TYPES = ['all', 'category', 'feed'] as const;
export type ScopeType = (typeof SCOPE_TYPES)[number];

/** What a rule or a saved search looks at: every feed, a category's feeds, or one feed. */
export const scopeSchema = z
  .object(
    {
      type: z.enum(SCOPE_TYPES, 'scope.type must be all, category or feed'),
      id: idSchema('Invalid scope id').optional(),
    },
    { error: 'scope must be an object with a type' },
  )
  .refine((scope) => (scope.type === 'all') === (scope.id === undefined), {
    message: 'scope.id names the category or feed, and only for those types',
  });
export type RuleScope = z.infer<typeof scopeSchema>;

const nameSchema = (what: string) =>
  z
    .string({ error: `${what} name is required` })
    .trim()
    .min(1, `${what} name is required`)
    .max(100, `${what} name must be at most 100 characters`);

const matchText = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is empty: give words to match`)
    .max(MAX_SEARCH_CHARS, `${field} must be at most ${MAX_SEARCH_CHARS} characters`);

const actionsSchema = z
  .array(
    z.string().refine((action) => (RULE_ACTIONS as readonly string[]).includes(action), {
      error: (issue) => `Unknown action: ${String(issue.input)} (actions are ${RULE_ACTIONS.join(', ')})`,
    }),
    { error: 'actions must be a list' },
  )
  .min(1, 'A rule needs at least one action')
  .transform((actions) => [...new Set(actions)] as RuleAction[]);

export const createRuleSchema = z.object({
  name: nameSchema('Rule'),
  scope: scopeSchema.default({ type: 'all' }),
  match: matchText('match'),
  actions: actionsSchema,
  enabled: z.boolean('enabled must be true or false').default(true),
  /** Apply to the stored items within retention too, not only to new ones. */
  applyToExisting: z.boolean('applyToExisting must be true or false').default(false),
  /** Needed when the match would hide more than 90% of the last 30 days. */
  confirm: z.boolean('confirm must be true or false').default(false),
});

export const updateRuleSchema = z
  .object({
    name: nameSchema('Rule').optional(),
    scope: scopeSchema.optional(),
    match: matchText('match').optional(),
    actions: actionsSchema.optional(),
    enabled: z.boolean('enabled must be true or false').optional(),
    applyToExisting: z.boolean('applyToExisting must be true or false').default(false),
    confirm: z.boolean('confirm must be true or false').default(false),
  })
  .refine(
    (body) => [body.name, body.scope, body.match, body.actions, body.enabled].some((value) => value !== undefined),
    'Give name, scope, match, actions or enabled',
  );

export const previewRuleSchema = z.object({ scope: scopeSchema.default({ type: 'all' }), match: matchText('match') });

export type Rule = {
  id: number;
  name: string;
  scope: RuleScope;
  match: string;
  actions: RuleAction[];
  enabled: boolean;
  createdAt: string;
  lastMatchedAt: string | null;
  matchCount: number;
};

/** An item a preview shows: enough to recognise it, as a story's other source is shown. */
export type PreviewItem = Omit<StorySource, 'isRead'>;

export type RulePreview = {
  /** Matches among the items of the last 30 days in scope. */
  count: number;
  /** Items of the last 30 days in scope: what a hide would be measured against. */
  total: number;
  /** The first 50 matches, newest first. */
  items: PreviewItem[];
  /** A hide of this match would take more than 90% of the last 30 days: saving it needs confirm. */
  needsConfirm: boolean;
};

export const muteWordsSchema = z.object({
  muteWords: z
    .array(
      z
        .string('Each mute word must be text')
        .trim()
        .min(1, 'A mute word cannot be blank')
        .max(100, 'A mute word must be at most 100 characters'),
      { error: 'muteWords must be a list of words or phrases' },
    )
    .max(100, 'At most 100 mute words'),
});

export type MuteWords = { muteWords: string[] };

export const createSavedSearchSchema = z.object({
  name: nameSchema('Saved search'),
  query: matchText('query'),
  scope: scopeSchema.default({ type: 'all' }),
});

export type SavedSearch = {
  id: number;
  name: string;
  query: string;
  scope: RuleScope;
  createdAt: string;
  /** Unread items that match, in scope (the sidebar's count). */
  unreadCount?: number;
};
