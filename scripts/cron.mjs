// A small matcher for the five-field cron expressions in wrangler.toml, so `npm start` can tick the
// Cron Triggers locally on their schedule (wrangler dev never fires them by itself). Supports what
// Cloudflare's syntax commonly uses: *, */n, a-b, a-b/n and lists, evaluated in UTC as Cloudflare does.
import { readFileSync } from 'node:fs';

const RANGES = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 6],
];

function matchesField(field, value, [min, max]) {
  return field.split(',').some((part) => {
    const [range, stepText] = part.split('/');
    const step = stepText ? Number(stepText) : 1;
    let [from, to] = [min, max];
    if (range !== '*') {
      const [a, b] = range.split('-').map(Number);
      from = a;
      to = b ?? (stepText ? max : a);
    }
    return value >= from && value <= to && (value - from) % step === 0;
  });
}

export function cronMatches(expression, date) {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`Unsupported cron expression: ${expression}`);
  const values = [
    date.getUTCMinutes(),
    date.getUTCHours(),
    date.getUTCDate(),
    date.getUTCMonth() + 1,
    date.getUTCDay(),
  ];
  return fields.every((field, i) => matchesField(field, values[i], RANGES[i]));
}

export function cronsFromWranglerToml(path) {
  const match = readFileSync(path, 'utf8').match(/^crons\s*=\s*\[([^\]]*)\]/m);
  return match ? [...match[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]) : [];
}

/** How many times `expression` fires in one UTC day (a Monday, so weekday fields count too). */
export function firingsPerDay(expression, day = Date.UTC(2026, 0, 5)) {
  let count = 0;
  for (let minute = 0; minute < 24 * 60; minute++) {
    if (cronMatches(expression, new Date(day + minute * 60_000))) count++;
  }
  return count;
}

/** The trigger that fires most often: the Worker's frequent one (worker/jobs/trigger-kind.ts). */
export function mostFrequentCron(crons) {
  return [...crons].sort((a, b) => firingsPerDay(b) - firingsPerDay(a))[0];
}
