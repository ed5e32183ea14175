// Rebuilds bench/summaries-data/multi-news-test-250.jsonl, the reference set of `npm run bench -- summaries`
// (README.md here says where it comes from and why it is not kept in the repository):
//   node bench/summaries-data/build-multi-news.mjs <sample_test.csv>
// The CSV has one cluster a row: `documents` (a Python list literal of the cluster's articles, as pandas
// wrote it), `num_documents` and `summary` (the human-written reference). Each row becomes one JSON line
// {documents: string[], summary: string}, in the file's order.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SAMPLE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'multi-news-test-250.jsonl');

/** The rows of an RFC 4180 CSV: quoted fields may hold commas, newlines and doubled quotes. */
function csvRows(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

const ESCAPES = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  0: '\0',
};

/** The strings of a Python list literal of str (what `str(list)` prints): ['a', "b's", …]. */
export function pythonStrings(literal) {
  const strings = [];
  let i = literal.indexOf('[') + 1;
  while (i < literal.length) {
    const quote = literal[i];
    if (quote !== "'" && quote !== '"') {
      i++;
      continue;
    }
    let value = '';
    i++;
    while (literal[i] !== quote) {
      if (i >= literal.length) throw new Error('unterminated string in the documents list');
      if (literal[i] !== '\\') {
        value += literal[i++];
        continue;
      }
      const code = literal[i + 1];
      const hex = { x: 2, u: 4, U: 8 }[code];
      if (hex) {
        value += String.fromCodePoint(Number.parseInt(literal.slice(i + 2, i + 2 + hex), 16));
        i += 2 + hex;
      } else {
        if (!(code in ESCAPES)) throw new Error(`unknown escape \\${code} in the documents list`);
        value += ESCAPES[code];
        i += 2;
      }
    }
    strings.push(value);
    i++;
  }
  return strings;
}

/** One cluster a line: its documents (trimmed, empty ones dropped) and its reference summary. */
export function clustersOf(csv) {
  const [header, ...rows] = csvRows(csv);
  const at = (name) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`the CSV has no ${name} column`);
    return index;
  };
  const [documents, summary] = [at('documents'), at('summary')];
  return rows
    .filter((row) => row.length === header.length)
    .map((row) => ({
      documents: pythonStrings(row[documents])
        .map((text) => text.trim())
        .filter(Boolean),
      summary: row[summary].trim(),
    }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [csvPath] = process.argv.slice(2);
  if (!csvPath) {
    console.error('usage: node bench/summaries-data/build-multi-news.mjs <sample_test.csv>');
    process.exit(2);
  }
  const clusters = clustersOf(readFileSync(csvPath, 'utf8'));
  writeFileSync(SAMPLE, `${clusters.map((cluster) => JSON.stringify(cluster)).join('\n')}\n`);
  console.log(`${SAMPLE}: ${clusters.length} clusters`);
}
