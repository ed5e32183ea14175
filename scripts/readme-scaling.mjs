// The README's scaling section (issue 30 asks the README for the limits table and the bill; issue 31 keeps
// `npm run bench` out of the README): made here from bench/results.json, the figures the bench wrote into
// docs/scaling.md. `node scripts/readme-scaling.mjs` writes it between the README's markers after a bench
// run; readme-scaling.test.mjs fails while the README says other than the results.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const START = '<!-- scaling: node scripts/readme-scaling.mjs writes this from bench/results.json -->';
const END = '<!-- /scaling -->';

/** Short names for the README's narrow table, by the start of the bench's name; any other row keeps its own. */
const SHORT_NAMES = [
  ['queries a second, the busiest people database', 'queries a second, the busiest people database'],
  ['queries a second, the busiest feed shard', 'queries a second, the busiest feed shard'],
  ['queries a second, the primary', 'queries a second, the primary (users rows, reader-app sign-ins)'],
  ['D1 queries an invocation: the queue consumer', 'D1 queries an invocation: a queue batch'],
  ['D1 queries an invocation: a daily cleanup job', '… a daily cleanup job'],
  ['D1 queries an invocation: a credit reset job', '… a credit reset job'],
  ['D1 queries an invocation: an unread list', '… an unread list'],
  ['D1 queries an invocation: a Google Reader stream', '… a Google Reader stream'],
  [
    'D1 queries an invocation: an account deletion, feeds in every',
    '… a deletion, feeds in every feed shard (in parts)',
  ],
  ['D1 queries an invocation: an account deletion', '… an account deletion'],
  ['CPU an invocation, a refresh batch', 'CPU a refresh batch of 100 feeds at 4 MiB'],
  ['memory an isolate', 'memory an isolate (a 4 MiB feed parsed, its caches)'],
];

const shortName = (name) => SHORT_NAMES.find(([start]) => name.startsWith(start))?.[1] ?? name;
const number = (value) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });
const withUnit = (value, unit) => (unit ? `${number(value)} ${unit}` : number(value));
const dollars = (value) => `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`;

/** Table rows of two limits each, so the README's table is half as long. */
const pairs = (cells) =>
  Array.from({ length: Math.ceil(cells.length / 2) }, (_, index) =>
    `| ${[...cells[2 * index], ...(cells[2 * index + 1] ?? ['', '', ''])].join(' | ')} |`.replace(/ {2,}\|/g, ' |'),
  );

/** The section's lines (between the markers) for these bench results. */
export function scalingSection(results) {
  const lowest = Math.min(...results.limits.map((row) => row.headroomB));
  const bill = results.bill.filter((line) => line.item !== 'total' && line.item !== 'per person-month');
  const total = results.bill.find((line) => line.item === 'total');
  return [
    `Every Cloudflare limit at workloads A and B (${results.limits.length} rows, each with its source page, and the`,
    `arithmetic: [docs/scaling.md](docs/scaling.md)); the goal is 3× headroom at B, the lowest is ${number(lowest)}×.`,
    '',
    '| limit | at B of allowed | × | limit | at B of allowed | × |',
    '| --- | --: | --: | --- | --: | --: |',
    ...pairs(
      results.limits.map((row) => [
        shortName(row.name),
        `${withUnit(row.atB, row.unit)} of ${withUnit(row.limit, row.unit)}`,
        `${number(row.headroomB)}×`,
      ]),
    ),
    '',
    `The bill a month, A / B: ${bill.map((line) => `${line.item} ${dollars(line.A)} / ${dollars(line.B)}`).join('; ')};`,
    `total ${dollars(total.A)} / ${dollars(total.B)}: **${dollars(results.dollarsPerPersonMonth.A)} a person-month at A** (goal ${dollars(results.dollarsPerPersonMonth.goalA)}), ${dollars(results.dollarsPerPersonMonth.B)} at B.`,
  ];
}

/** The README with its section made anew from `results`. */
export function withScalingSection(readme, results) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no scaling markers (${START} … ${END})`);
  return `${readme.slice(0, start + START.length)}\n${scalingSection(results).join('\n')}\n${readme.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const results = JSON.parse(readFileSync(`${root}bench/results.json`, 'utf8'));
  const readme = readFileSync(`${root}README.md`, 'utf8');
  writeFileSync(`${root}README.md`, withScalingSection(readme, results));
}
