// A search result's snippet (issue 14): the server sends escaped text with <mark> around the words found.
// It is rendered as React text and <mark> elements, never as HTML, so nothing in it can become markup.
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

const unescapeHtml = (text: string) =>
  text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

export function SearchSnippet({ html }: { html: string }) {
  const parts = html.split(/(<mark>[^<]*<\/mark>)/);
  return (
    <>
      {parts.map((part, index) =>
        part.startsWith('<mark>') ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <mark key={index} className="rounded-sm bg-primary/15 px-0.5 text-foreground">
            {unescapeHtml(part.slice('<mark>'.length, -'</mark>'.length))}
          </mark>
        ) : (
          unescapeHtml(part)
        ),
      )}
    </>
  );
}
