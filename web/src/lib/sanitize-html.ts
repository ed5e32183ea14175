// The one HTML sanitiser of the SPA. Feed HTML and model output are sanitised by the server before they
// are stored; they go through DOMPurify again here before they touch innerHTML (defence in depth,
// DESIGN.md "untrusted HTML"). Two policies, one instance: an article keeps its images (lazy, sent no
// referrer); a generation (attacker-influenced model text) keeps text and links only, so a card never
// loads anything from another origin. Every link opens in a new tab without access to this window.
// Imported only by lazily loaded screens, so DOMPurify stays out of the first load.
import DOMPurify from 'dompurify';

/** DOMPurify's default URI check narrowed to http(s) and mailto; relative URLs still pass. */
const SAFE_URI = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** What a generation may not contain: media, embeds, forms, styles. */
const GENERATION_FORBID_TAGS = [
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

/** Our own instance, so the hook does not leak into other users of DOMPurify. */
function getPurifier() {
  if (!purifier) {
    purifier = DOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.hasAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
      if (node.tagName === 'IMG') {
        node.setAttribute('loading', 'lazy');
        node.setAttribute('referrerpolicy', 'no-referrer');
      }
    });
  }
  return purifier;
}

/** A feed item's article (the article dialog). */
export function sanitizeArticleHtml(html: string): string {
  return getPurifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
  });
}

/** An AI generation's content (the generation cards, the copy and email actions). */
export function sanitizeGenerationHtml(html: string): string {
  return getPurifier().sanitize(html, {
    ALLOWED_URI_REGEXP: SAFE_URI,
    FORBID_TAGS: GENERATION_FORBID_TAGS,
    FORBID_ATTR: ['style', 'srcset', 'background', 'ping'],
    USE_PROFILES: { html: true },
  });
}
