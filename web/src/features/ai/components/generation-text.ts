// A generation as plain text, for copying into a post; the HTML itself is sanitised by lib/sanitize-html.

const BLOCKS = new Set(['P', 'DIV', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'UL', 'OL', 'PRE', 'TABLE']);

/**
 * The plain text people paste into a post: paragraphs separated by a blank line, list items as "• item",
 * line breaks kept. Works on the markup alone (no layout), so it reads the same wherever it runs.
 */
export function generationText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const out: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      out.push((node.textContent ?? '').replace(/\s+/g, ' '));
      return;
    }
    if (!(node instanceof Element)) return;
    if (node.tagName === 'BR') {
      out.push('\n');
      return;
    }
    const block = BLOCKS.has(node.tagName);
    if (block) out.push('\n\n');
    if (node.tagName === 'LI') out.push('\n• ');
    for (const child of Array.from(node.childNodes)) walk(child);
    if (block) out.push('\n\n');
  };
  for (const child of Array.from(body.childNodes)) walk(child);
  return out
    .join('')
    .replace(/[ \t]*\n[ \t]*/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
