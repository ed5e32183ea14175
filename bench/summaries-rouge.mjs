// Quality against human references (issue 25 "Measured"): the offline model summarises each of 250
// Multi-News test clusters (summaries-data/README.md) as it would a category of feeds, each article one
// item from its own source, and its sentences are scored by ROUGE-2 against the cluster's reference
// summary, beside the Multi-News paper's "First-3" baseline: the first three sentences of every article.
// ROUGE-2 here is the bigram overlap of lower-cased alphanumeric tokens, no stemming and no stop words
// removed (ROUGE-1.5.5 run with -m stems, so published figures are about a point higher for everyone),
// averaged over clusters: F1 as the headline, recall and words beside it, since F1 moves with length.
import { existsSync, readFileSync } from 'node:fs';
import { SAMPLE } from './summaries-data/build-multi-news.mjs';

const tokens = (text) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

function bigrams(text) {
  const words = tokens(text);
  const counts = new Map();
  for (let i = 0; i + 1 < words.length; i++) {
    const bigram = `${words[i]} ${words[i + 1]}`;
    counts.set(bigram, (counts.get(bigram) ?? 0) + 1);
  }
  return { counts, total: Math.max(0, words.length - 1) };
}

/** ROUGE-2 of one candidate against one reference: clipped bigram matches over each side's bigrams. */
export function rouge2(candidate, reference) {
  const ours = bigrams(candidate);
  const theirs = bigrams(reference);
  let matches = 0;
  for (const [bigram, count] of ours.counts) matches += Math.min(count, theirs.counts.get(bigram) ?? 0);
  const precision = ours.total === 0 ? 0 : matches / ours.total;
  const recall = theirs.total === 0 ? 0 : matches / theirs.total;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Multi-News separates an article's paragraphs with a blank line: each becomes a <p>, as a feed sends it. */
const htmlOf = (document) =>
  document
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join('');

const mean = (values) => (values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length);
const round = (value, digits = 4) => (value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits);

/**
 * ROUGE-2 of the offline model and of First-3 over the sample, or null figures with the reason when the
 * sample has not been built (it is not kept in the repository: summaries-data/README.md).
 * `modules` are the Worker's (summaries.mjs bundles them): articleTextOf, composeOffline, splitSentences.
 */
export function benchMultiNews(modules) {
  if (!existsSync(SAMPLE)) {
    return { clusters: 0, note: `no sample at ${SAMPLE}: build it as bench/summaries-data/README.md says` };
  }
  const clusters = readFileSync(SAMPLE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const model = { f1: [], recall: [], words: [] };
  const first3 = { f1: [], recall: [], words: [] };
  const add = (into, summary, reference) => {
    const score = rouge2(summary, reference);
    into.f1.push(score.f1);
    into.recall.push(score.recall);
    into.words.push(tokens(summary).length);
  };
  for (const cluster of clusters) {
    const reference = cluster.summary.replace(/^–\s*/, '');
    const items = cluster.documents.map((document, index) => {
      const html = htmlOf(document);
      return {
        id: index + 1,
        title: '(untitled)',
        html,
        text: modules.articleTextOf(html),
        link: null,
        source: `Source ${index + 1}`,
        pubDate: 0,
      };
    });
    const withText = items.filter((item) => item.text.trim() !== '');
    if (withText.length === 0) continue;
    const answer = modules.composeOffline({
      contentType: 'text_summary',
      language: 'English (US)',
      writingStyle: 'professional',
      contentLength: 'medium',
      scope: { kind: 'category', name: 'Multi-News' },
      items: withText,
      leftOut: items.length - withText.length,
    });
    add(model, answer.citations.map((citation) => citation.sentence).join(' '), reference);
    const lead = withText.flatMap((item) => modules.splitSentences(item.text).slice(0, 3));
    add(first3, lead.join(' '), reference);
  }
  return {
    clusters: model.f1.length,
    rouge2: round(mean(model.f1)),
    rouge2Recall: round(mean(model.recall)),
    words: round(mean(model.words), 1),
    lead3Rouge2: round(mean(first3.f1)),
    lead3Rouge2Recall: round(mean(first3.recall)),
    lead3Words: round(mean(first3.words), 1),
    referenceWords: round(mean(clusters.map((cluster) => tokens(cluster.summary).length)), 1),
  };
}
