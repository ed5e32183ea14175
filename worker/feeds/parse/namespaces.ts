// Namespace URIs a feed reader cares about, each mapped to the prefix the parsers use. Prefixes in a
// document are arbitrary (Namespaces in XML 1.0 §3), so "<foo:encoded xmlns:foo=…content/>" must read like
// "content:encoded". The RSS 0.90/1.0 and Userland namespaces map to "" so their elements stay bare.

const KNOWN: Record<string, string> = {
  'http://www.w3.org/2005/atom': 'atom',
  'http://purl.org/atom/ns#': 'atom',
  'http://purl.org/rss/1.0': '',
  'http://my.netscape.com/rdf/simple/0.9': '',
  'http://channel.netscape.com/rdf/simple/0.9': '',
  'http://backend.userland.com/rss2': '',
  'http://backend.userland.com/rss': '',
  'http://blogs.law.harvard.edu/tech/rss': '',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#': 'rdf',
  'http://purl.org/dc/elements/1.1': 'dc',
  'http://purl.org/dc/elements/1.0': 'dc',
  'http://purl.org/dc/terms': 'dcterms',
  'http://purl.org/rss/1.0/modules/content': 'content',
  'http://search.yahoo.com/mrss': 'media',
  'http://search.yahoo.com/rss': 'media',
  'http://www.itunes.com/dtds/podcast-1.0.dtd': 'itunes',
  'https://www.itunes.com/dtds/podcast-1.0.dtd': 'itunes',
  'https://podcastindex.org/namespace/1.0': 'podcast',
  'https://github.com/podcastindex-org/podcast-namespace/blob/main/docs/1.0.md': 'podcast',
  'http://www.w3.org/1999/xhtml': 'xhtml',
  'http://www.w3.org/xml/1998/namespace': 'xml',
  'http://purl.org/rss/1.0/modules/slash': 'slash',
  'http://wellformedweb.org/commentapi': 'wfw',
  'http://www.google.com/schemas/play-podcasts/1.0': 'googleplay',
};

/** The canonical prefix for a namespace URI; an unknown URI keeps the prefix it was declared with. */
export function namespaceKey(uri: string, declaredPrefix: string): string {
  let key = uri.trim().toLowerCase();
  if (key.endsWith('/')) key = key.slice(0, -1);
  const known = KNOWN[key];
  if (known !== undefined) return known;
  // Atom 0.3 drafts appended a suffix to the namespace ("http://purl.org/atom/ns#draft-ietf-…").
  if (key.startsWith('http://purl.org/atom/ns#')) return 'atom';
  return declaredPrefix;
}

export const ATOM_03_NS = 'http://purl.org/atom/ns#';
