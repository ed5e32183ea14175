// Which work a Cron Trigger starts. When each trigger fires is wrangler.toml's alone ([triggers] crons,
// the one place to change a cadence: tests and scripts read it from there); the Worker tells the two
// apart by their shape, from the expression Cloudflare hands it (`controller.cron`). A trigger that fires
// in every hour of the day (hour field `*`) is the frequent one: due refreshes and digests. Any other is
// the daily one: cleanup and credit resets. Pure, so scripts' tests can hold wrangler.toml to it.

export type TriggerKind = 'frequent' | 'daily';

export function triggerKind(cron: string): TriggerKind {
  const hours = cron.trim().split(/\s+/)[1];
  return hours === '*' ? 'frequent' : 'daily';
}
