// Citations (issue 25): every sentence of a summary names the items it came from. The online model is
// asked to end each sentence with the numbers of its items in square brackets ("… [2][5]"); the answer is
// parsed strictly here (a sentence without a marker makes the whole answer malformed, so the caller asks
// once more, then stores every sentence unverified), and every id is checked against the items the person
// can see within the generation's window.
import type { Citation, CitedSource } from '../contracts/ai';
import { type HtmlNode, names, parseHtml, textContent } from '../html/html-tree';
import type { SourceItem } from './prompts';
import { splitSentences } from './segment';

/** A citation as a model (or the offline model) proposes it, before validation and the support check. */
export type DraftCitation = Pick<Citation, 'sentence' | 'itemIds'> &
  Partial<Pick<Citation, 'heading' | 'note'>> & {
    unverified?: boolean;
  };

export const CITATION_INSTRUCTIONS =
  'Cite your sources sentence by sentence: end every sentence inside <p> and <li> with the numbers of the items it rests on, in square brackets, before any closing tag, for example "Prices fell again. [2]" or "Both plants opened in May. [1][4]". Use only the numbers of the items given. Headings carry no numbers. Do not write a sentence that no item supports.';

export const CITATION_RETRY = (problem: string) =>
  `Your answer did not follow the citation format (${problem}). Write the whole answer again, with every sentence inside <p> and <li> ending in the numbers of its items in square brackets, like [1] or [2][3].`;

/** One or more markers: [1] [2, 3] [4][5], optionally followed by the sentence's own end sign. */
const MARKERS = /((?:\s*\[\s*\d{1,3}(?:\s*[,;]\s*\d{1,3})*\s*\])+)([.!?。！？؟]?["”’)]?)/g;
const MARKER = /\[\s*(\d{1,3}(?:\s*[,;]\s*\d{1,3})*)\s*\]/g;
const HEADINGS = names('h1 h2 h3 h4 h5 h6');
const SENTENCE_BLOCKS = names('p li blockquote');

export type ParsedCitations =
  | { ok: true; citations: (DraftCitation & { numbers: number[] })[] }
  | { ok: false; problem: string; sentences: { sentence: string; heading?: string }[] };

/** The text of a block without the blocks nested in it (a list inside a list item is its own block). */
function ownText(node: HtmlNode): string {
  if (node.kind === 'text') return node.text;
  if (SENTENCE_BLOCKS.has(node.name) || node.name === 'ul' || node.name === 'ol') return ' ';
  return node.children.map(ownText).join('');
}

/** Blocks of text in order, each with the heading it stands under. */
function blocksOf(html: string) {
  const blocks: { text: string; heading?: string }[] = [];
  let heading: string | undefined;
  const visit = (node: HtmlNode) => {
    if (node.kind === 'text') return;
    if (HEADINGS.has(node.name)) {
      heading = textContent(node).replace(/\s+/g, ' ').trim() || undefined;
      return;
    }
    if (SENTENCE_BLOCKS.has(node.name)) {
      const text = node.children.map(ownText).join('').replace(/\s+/g, ' ').trim();
      if (text) blocks.push({ text, ...(heading ? { heading } : {}) });
    }
    for (const child of node.children) visit(child);
  };
  visit(parseHtml(html));
  return blocks;
}

/** Reads the cited answer; `ok: false` names the first rule it breaks. */
export function parseCitedAnswer(html: string): ParsedCitations {
  const citations: (DraftCitation & { numbers: number[] })[] = [];
  const plain: { sentence: string; heading?: string }[] = [];
  let problem: string | null = null;
  for (const block of blocksOf(html)) {
    let rest = block.text;
    let last = 0;
    for (const match of block.text.matchAll(MARKERS)) {
      const sentence = `${block.text.slice(last, match.index).trim()}${match[2] ?? ''}`.trim();
      last = match.index + match[0].length;
      const numbers = [...(match[1] ?? '').matchAll(MARKER)].flatMap((m) =>
        (m[1] ?? '').split(/[,;]/).map((n) => Number(n.trim())),
      );
      if (!/[\p{L}\p{N}]/u.test(sentence)) {
        problem ??= 'a citation with no sentence before it';
        continue;
      }
      if (splitSentences(sentence).length > 1) problem ??= 'a sentence without its own citation';
      citations.push({ sentence, itemIds: [], numbers, ...(block.heading ? { heading: block.heading } : {}) });
      plain.push({ sentence, ...(block.heading ? { heading: block.heading } : {}) });
    }
    rest = block.text.slice(last).trim();
    if (/[\p{L}\p{N}]/u.test(rest)) {
      problem ??= `a sentence without a citation: "${rest.slice(0, 80)}"`;
      plain.push(
        ...splitSentences(rest).map((sentence) => ({ sentence, ...(block.heading ? { heading: block.heading } : {}) })),
      );
    }
  }
  if (citations.length === 0) problem ??= 'no citations at all';
  return problem === null ? { ok: true, citations } : { ok: false, problem, sentences: plain };
}

/** The answer's HTML without its citation markers (the citations are stored on their own). */
export const withoutMarkers = (html: string) => html.replace(/\s*\[\s*\d{1,3}(?:\s*[,;]\s*\d{1,3})*\s*\]/g, '');

/** Item numbers as the prompt gave them ([1] is the first item) turned into item ids. */
export function numbersToIds(citation: DraftCitation & { numbers: number[] }, items: SourceItem[]): DraftCitation {
  const { numbers, ...rest } = citation;
  const ids = numbers.map((n) => items[n - 1]?.id ?? -n);
  return { ...rest, itemIds: [...new Set(ids)] };
}

export const UNSEEN_NOTE = 'It cited an item you cannot see, so that citation was removed.';

/**
 * Keeps only the ids of items the person can see within the window; a sentence that named any other
 * loses that citation and is marked unverified (issue 25 "Bad input").
 */
export function keepVisibleCitations(citations: DraftCitation[], visible: ReadonlySet<number>): DraftCitation[] {
  return citations.map((citation) => {
    const kept = citation.itemIds.filter((id) => visible.has(id));
    if (kept.length === citation.itemIds.length) return citation;
    return { ...citation, itemIds: kept, unverified: true, note: UNSEEN_NOTE };
  });
}

/** The cited items, numbered in order of first citation: the small source links [1] [2] … */
export function sourcesOf(citations: Pick<Citation, 'itemIds'>[], items: SourceItem[]): CitedSource[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const sources: CitedSource[] = [];
  const seen = new Set<number>();
  for (const id of citations.flatMap((citation) => citation.itemIds)) {
    const item = byId.get(id);
    if (!item || seen.has(id)) continue;
    seen.add(id);
    sources.push({ itemId: id, title: item.title, link: item.link, source: item.source });
  }
  return sources;
}
