// Generation content is sanitised by the server before it is stored; the browser sanitises it again before
// it touches innerHTML (DESIGN.md "untrusted HTML": model output is attacker-influenced text). Links keep
// http(s), mailto and relative URLs only, open in a new tab without an opener, and images, media, forms and
// inline styles are dropped, so a card never loads anything from another origin.
import DOMPurify from 'dompurify';

/** DOMPurify's default URI check narrowed to http(s) and mailto; relative URLs still pass. */
export const SAFE_URI = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

const FORBID_TAGS = [
  'img',
  'picture',
  'source',
  'video',
  'audio',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'style',
  'link',
  'meta',
];

let purifier: ReturnType<typeof DOMPurify> | undefined;

/** Our own instance, so the link hook does not leak into other users of DOMPurify. */
function getPurifier() {
  if (!purifier) {
    purifier = DOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.hasAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    });
  }
  return purifier;
}

export function sanitizeGenerationHtml(html: string): string {
  return getPurifier().sanitize(html, {
    ALLOWED_URI_REGEXP: SAFE_URI,
    FORBID_TAGS,
    FORBID_ATTR: ['style', 'srcset', 'background', 'ping'],
    USE_PROFILES: { html: true },
  });
}

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
