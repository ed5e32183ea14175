// How an article's HTML reads wherever it is shown whole: the article dialog and the expanded view.
export const articleClasses = [
  'max-w-none text-[0.95rem] leading-relaxed break-words text-foreground',
  '[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2',
  '[&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
  '[&_h1]:mt-6 [&_h1]:mb-2 [&_h1]:text-xl [&_h1]:font-bold [&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-bold',
  '[&_h3]:mt-4 [&_h3]:mb-2 [&_h3]:font-semibold [&_h4]:mt-4 [&_h4]:font-semibold',
  '[&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_figure]:my-4 [&_figcaption]:text-sm [&_figcaption]:text-muted-foreground',
  '[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-border [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground',
  '[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-3 [&_pre]:text-sm',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:text-sm [&_table]:my-4 [&_table]:block [&_table]:overflow-x-auto',
  '[&_td]:border [&_td]:border-border [&_td]:p-2 [&_th]:border [&_th]:border-border [&_th]:p-2',
  '[&_iframe]:aspect-video [&_iframe]:w-full [&_video]:max-w-full',
].join(' ');

/** The item's own HTML from its feed, or its plain description as a paragraph. */
export function feedHtml(item: { content: string | null; description: string | null }): string {
  return item.content || (item.description ? `<p>${escapeText(item.description)}</p>` : '');
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** What a reader is told about an item of a feed read with "Always fetch the full article" (issue 27 §4). */
export function fullArticleNote(state: 'extracted' | 'pending' | 'failed' | undefined): string | null {
  if (state === 'pending') return 'Fetching the full article… this is the feed’s text until then.';
  if (state === 'failed') return 'The full article could not be fetched: this is the feed’s text.';
  return null;
}
