// Conformance cases derived from the test suite of the Python feedparser project (github.com/kurtmckee/feedparser,
// tests/wellformed, tests/illformed and tests/test_date_parsers.py), BSD-2-Clause, copyright Kurt McKee and Mark
// Pilgrim; see ../LICENSES.md. Each case keeps the feedparser file it comes from. Expectations are feedparser's,
// mapped onto ParsedFeed (feed.title → title, entries[0].content[0].value → items[0].content, *_parsed →
// published/updated as UTC instants …); see conformance.ts for how each kind of expectation is compared.
// Generated once from hand transcriptions; edit by hand.
/* biome-ignore-all format: data table */

import type { ConformanceCase, DateCase } from '../../parse/conformance';

export const FEED_CASES: ConformanceCase[] = [
 {
  "name": "wellformed/amp/amp01",
  "source": "tests/wellformed/amp/amp01.xml",
  "xml": "<feed version=\"0.3\" xmlns=\"http://purl.org/atom/ns#\">\n<entry>\n\t  <title type=\"text/html\" mode=\"escaped\">&#38;#38;</title>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].title",
    "kind": "eq",
    "value": "&"
   }
  ]
 },
 {
  "name": "wellformed/amp/amp02",
  "source": "tests/wellformed/amp/amp02.xml",
  "xml": "<feed version=\"0.3\" xmlns=\"http://purl.org/atom/ns#\">\n<entry>\n\t  <title type=\"text/html\" mode=\"escaped\">&#38;#x26;</title>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].title",
    "kind": "eq",
    "value": "&"
   }
  ]
 },
 {
  "name": "wellformed/amp/amp05",
  "source": "tests/wellformed/amp/amp05.xml",
  "xml": "<feed version=\"0.3\" xmlns=\"http://purl.org/atom/ns#\">\n<entry>\n\t  <title type=\"text/html\" mode=\"escaped\">&#x26;#38;</title>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].title",
    "kind": "eq",
    "value": "&"
   }
  ]
 },
 {
  "name": "wellformed/amp/amp09",
  "source": "tests/wellformed/amp/amp09.xml",
  "xml": "<feed version=\"0.3\" xmlns=\"http://purl.org/atom/ns#\">\n<entry>\n\t  <title type=\"text/html\" mode=\"escaped\">&amp;#38;</title>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].title",
    "kind": "eq",
    "value": "&"
   }
  ]
 },
 {
  "name": "wellformed/amp/amp13",
  "source": "tests/wellformed/amp/amp13.xml",
  "xml": "<feed version=\"0.3\" xmlns=\"http://purl.org/atom/ns#\">\n<entry>\n\t  <title type=\"text/html\" mode=\"escaped\">&lt;b&gt;&#38;#38;&lt;/b&gt;</title>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].title",
    "kind": "eq",
    "value": "&"
   }
  ]
 },
 {
  "name": "wellformed/amp/amp17",
  "source": "tests/wellformed/amp/amp17.xml",
  "xml": "<feed version=\"0.3\" xmlns=\"http://purl.org/atom/ns#\">\n<entry>\n\t  <title type=\"text/html\" mode=\"escaped\">&lt;b&gt;&#x26;#x26;&lt;/b&gt;</title>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].title",
    "kind": "eq",
    "value": "&"
   }
  ]
 },
 {
  "name": "wellformed/amp/amp33",
  "source": "tests/wellformed/amp/amp33.xml",
  "xml": "<feed version=\"0.3\" xmlns=\"http://purl.org/atom/ns#\">\n<entry>\n\t  <title type=\"text/html\" mode=\"escaped\">&lt;strong&gt;&#38;amp;&lt;/strong&gt;</title>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].title",
    "kind": "eq",
    "value": "&"
   }
  ]
 },
 {
  "name": "wellformed/amp/attr01",
  "source": "tests/wellformed/amp/attr01.xml",
  "xml": "<feed version=\"0.3\" xmlns=\"http://purl.org/atom/ns#\">\n<entry>\n\t  <title type=\"text/html\" mode=\"escaped\">&lt;a title=\"&#38;#38;\"&gt;&#38;#38;&lt;/a&gt;</title>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].title",
    "kind": "eq",
    "value": "&"
   }
  ]
 },
 {
  "name": "wellformed/atom10/entry_id_no_normalization_1",
  "source": "tests/wellformed/atom10/entry_id_no_normalization_1.xml",
  "xml": "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<entry>\n  <id>http://www.example.org/thing</id>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].id",
    "kind": "eq",
    "value": "http://www.example.org/thing"
   }
  ]
 },
 {
  "name": "wellformed/atom10/entry_link_no_href_link_priority",
  "source": "tests/wellformed/atom10/entry_link_no_href_link_priority.xml",
  "xml": "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<entry>\n  <link rel=\"alternate\" type=\"text/html\">http://www.example.com/alternate</link>\n  <link rel=\"enclosure\" type=\"text/html\">http://www.example.com/enclosure</link>\n</entry>\n<entry>\n  <link rel=\"enclosure\" type=\"text/html\">http://www.example.com/enclosure</link>\n  <link rel=\"alternate\" type=\"text/html\">http://www.example.com/alternate</link>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].link",
    "kind": "eq",
    "value": "http://www.example.com/alternate"
   },
   {
    "path": "items[1].link",
    "kind": "eq",
    "value": "http://www.example.com/alternate"
   }
  ]
 },
 {
  "name": "wellformed/atom10/entry_content_and_summary",
  "source": "tests/wellformed/atom10/entry_content_and_summary.xml",
  "xml": "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<entry>\n  <content>Example Atom</content>\n  <summary>Summary</summary>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].summary",
    "kind": "html",
    "value": "Summary"
   }
  ]
 },
 {
  "name": "wellformed/atom10/entry_link_alternate_map_link_3",
  "source": "tests/wellformed/atom10/entry_link_alternate_map_link_3.xml",
  "xml": "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<entry>\n    <link rel=\"alternate\" href=\"http://www.example.com/alternate\"></link>\n    <link rel=\"related\" type=\"text/html\" href=\"http://www.example.com/related\"></link>\n    <link rel=\"via\" type=\"text/html\" href=\"http://www.example.com/via\"></link>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].link",
    "kind": "eq",
    "value": "http://www.example.com/alternate"
   }
  ]
 },
 {
  "name": "wellformed/atom/relative_uri_inherit",
  "source": "tests/wellformed/atom/relative_uri_inherit.xml",
  "xml": "<feed version=\"0.3\" xmlns=\"http://purl.org/atom/ns#\" xml:base=\"http://example.com/test/\">\n  <title type=\"application/xhtml+xml\"><div xmlns=\"http://www.w3.org/1999/xhtml\">Example <a href=\"test.html\">test</a></div></title>\n</feed>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "Example test"
   }
  ]
 },
 {
  "name": "wellformed/atom/entry_content_value",
  "source": "tests/wellformed/atom/entry_content_value.xml",
  "xml": "<feed version=\"0.3\" xmlns=\"http://purl.org/atom/ns#\">\n<entry>\n  <content>Example Atom</content>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].content",
    "kind": "html",
    "value": "Example Atom"
   }
  ]
 },
 {
  "name": "wellformed/base/entry_content_xml_base_inherit_2",
  "source": "tests/wellformed/base/entry_content_xml_base_inherit_2.xml",
  "xml": "<feed version=\"0.3\" xmlns=\"http://purl.org/atom/ns#\" xml:base=\"http://example.com/parent/\">\n<entry>\n  <content type=\"application/xhtml+xml\" xml:base=\"http://example.com/test/\"><div xmlns=\"http://www.w3.org/1999/xhtml\">Example <a href=\"test.html\">test</a></div></content>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].content",
    "kind": "html",
    "value": "Example <a href=\"http://example.com/test/test.html\">test</a>"
   }
  ]
 },
 {
  "name": "wellformed/atom10/entry_link_rel_enclosure_map_enclosure_url",
  "source": "tests/wellformed/atom10/entry_link_rel_enclosure_map_enclosure_url.xml",
  "xml": "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<entry>\n  <link rel=\"enclosure\" type=\"video/mpeg4\" href=\"http://www.example.com/movie.mp4\"/>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].enclosures[0].url",
    "kind": "eq",
    "value": "http://www.example.com/movie.mp4"
   },
   {
    "path": "items[0].enclosures[0].type",
    "kind": "eq",
    "value": "video/mpeg4"
   }
  ]
 },
 {
  "name": "wellformed/atom10/entry_category_label",
  "source": "tests/wellformed/atom10/entry_category_label.xml",
  "xml": "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<entry>\n  <category term=\"atom10\" scheme=\"http://feedparser.org/tests/\" label=\"Atom 1.0 tests\"/>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].categories",
    "kind": "len",
    "value": "1"
   }
  ]
 },
 {
  "name": "wellformed/atom10/entry_author_map_author_2",
  "source": "tests/wellformed/atom10/entry_author_map_author_2.xml",
  "xml": "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<entry>\n  <author>\n    <name>Example author</name>\n    <uri>http://example.com/</uri>\n  </author>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].author",
    "kind": "eq",
    "value": "Example author"
   }
  ]
 },
 {
  "name": "wellformed/node_precedence/atom10_title",
  "source": "tests/wellformed/node_precedence/atom10_title.xml",
  "xml": "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<entry>\n  <title>Correct Value</title>\n  <image>\n\t<title>Incorrect Value</title>\n  </image>\n</entry>\n<entry>\n  <image>\n\t<title>Incorrect Value</title>\n  </image>\n  <title>Correct Value</title>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].title",
    "kind": "eq",
    "value": "Correct Value"
   },
   {
    "path": "items[1].title",
    "kind": "eq",
    "value": "Correct Value"
   }
  ]
 },
 {
  "name": "wellformed/atom10/entry_category_term_non_ascii",
  "source": "tests/wellformed/atom10/entry_category_term_non_ascii.xml",
  "xml": "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<entry>\n  <category term=\"Freiräume\" scheme=\"http://feedparser.org/tests/\" label=\"Atom 1.0 tests\"/>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].categories[0]",
    "kind": "eq",
    "value": "Freiräume"
   }
  ]
 },
 {
  "name": "wellformed/atom10/entry_link_no_rel",
  "source": "tests/wellformed/atom10/entry_link_no_rel.xml",
  "xml": "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<entry>\n  <link type=\"text/html\" href=\"http://www.example.com/\"/>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].link",
    "kind": "eq",
    "value": "http://www.example.com/"
   }
  ]
 },
 {
  "name": "wellformed/atom10/entry_author_email",
  "source": "tests/wellformed/atom10/entry_author_email.xml",
  "xml": "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<entry>\n  <author>\n    <name>Example author</name>\n    <email>me@example.com</email>\n    <uri>http://example.com/</uri>\n  </author>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].author",
    "kind": "eq",
    "value": "Example author"
   }
  ]
 },
 {
  "name": "wellformed/atom10/entry_id_map_guid",
  "source": "tests/wellformed/atom10/entry_id_map_guid.xml",
  "xml": "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<entry>\n  <id>http://example.com/</id>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].id",
    "kind": "eq",
    "value": "http://example.com/"
   }
  ]
 },
 {
  "name": "wellformed/base/entry_summary_xml_base",
  "source": "tests/wellformed/base/entry_summary_xml_base.xml",
  "xml": "<feed version=\"0.3\" xmlns=\"http://purl.org/atom/ns#\">\n<entry>\n  <summary type=\"application/xhtml+xml\" xml:base=\"http://example.com/test/\"><div xmlns=\"http://www.w3.org/1999/xhtml\">Example <a href=\"test.html\">test</a></div></summary>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].summary",
    "kind": "includes",
    "value": "href=\"http://example.com/test/test.html\""
   }
  ]
 },
 {
  "name": "wellformed/node_precedence/atom10_id",
  "source": "tests/wellformed/node_precedence/atom10_id.xml",
  "xml": "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<entry>\n  <id>Correct Value</id>\n  <image>\n\t<id>Incorrect Value</id>\n  </image>\n</entry>\n<entry>\n  <image>\n\t<id>Incorrect Value</id>\n  </image>\n  <id>Correct Value</id>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].id",
    "kind": "eq",
    "value": "Correct Value"
   },
   {
    "path": "items[1].id",
    "kind": "eq",
    "value": "Correct Value"
   }
  ]
 },
 {
  "name": "wellformed/atom/entry_author_name",
  "source": "tests/wellformed/atom/entry_author_name.xml",
  "xml": "<feed version=\"0.3\" xmlns=\"http://purl.org/atom/ns#\">\n<entry>\n  <author>\n    <name>Example author</name>\n    <email>me@example.com</email>\n    <url>http://example.com/</url>\n  </author>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].author",
    "kind": "eq",
    "value": "Example author"
   }
  ]
 },
 {
  "name": "wellformed/atom/entry_link_href",
  "source": "tests/wellformed/atom/entry_link_href.xml",
  "xml": "<feed version=\"0.3\" xmlns=\"http://purl.org/atom/ns#\">\n<entry>\n  <link rel=\"alternate\" type=\"text/html\" href=\"http://www.example.com/\"/>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].link",
    "kind": "eq",
    "value": "http://www.example.com/"
   }
  ]
 },
 {
  "name": "entities/160",
  "source": "tests/entities/160.xml",
  "xml": "<rss>\n<channel>\n<title>testing &#160; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing   entity"
   }
  ]
 },
 {
  "name": "entities/732",
  "source": "tests/entities/732.xml",
  "xml": "<rss>\n<channel>\n<title>testing &#732; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ˜ entity"
   }
  ]
 },
 {
  "name": "entities/8216",
  "source": "tests/entities/8216.xml",
  "xml": "<rss>\n<channel>\n<title>testing &#8216; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ‘ entity"
   }
  ]
 },
 {
  "name": "entities/8217",
  "source": "tests/entities/8217.xml",
  "xml": "<rss>\n<channel>\n<title>testing &#8217; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ’ entity"
   }
  ]
 },
 {
  "name": "entities/8220",
  "source": "tests/entities/8220.xml",
  "xml": "<rss>\n<channel>\n<title>testing &#8220; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing “ entity"
   }
  ]
 },
 {
  "name": "entities/8221",
  "source": "tests/entities/8221.xml",
  "xml": "<rss>\n<channel>\n<title>testing &#8221; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ” entity"
   }
  ]
 },
 {
  "name": "entities/9830",
  "source": "tests/entities/9830.xml",
  "xml": "<rss>\n<channel>\n<title>testing &#9830; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ♦ entity"
   }
  ]
 },
 {
  "name": "entities/aacute",
  "source": "tests/entities/aacute.xml",
  "xml": "<rss>\n<channel>\n<title>testing &aacute; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing á entity"
   }
  ]
 },
 {
  "name": "entities/acute",
  "source": "tests/entities/acute.xml",
  "xml": "<rss>\n<channel>\n<title>testing &acute; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ´ entity"
   }
  ]
 },
 {
  "name": "entities/alefsym",
  "source": "tests/entities/alefsym.xml",
  "xml": "<rss>\n<channel>\n<title>testing &alefsym; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ℵ entity"
   }
  ]
 },
 {
  "name": "entities/and",
  "source": "tests/entities/and.xml",
  "xml": "<rss>\n<channel>\n<title>testing &and; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ∧ entity"
   }
  ]
 },
 {
  "name": "entities/ang",
  "source": "tests/entities/ang.xml",
  "xml": "<rss>\n<channel>\n<title>testing &ang; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ∠ entity"
   }
  ]
 },
 {
  "name": "entities/asymp",
  "source": "tests/entities/asymp.xml",
  "xml": "<rss>\n<channel>\n<title>testing &asymp; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ≈ entity"
   }
  ]
 },
 {
  "name": "entities/bdquo",
  "source": "tests/entities/bdquo.xml",
  "xml": "<rss>\n<channel>\n<title>testing &bdquo; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing „ entity"
   }
  ]
 },
 {
  "name": "entities/brvbar",
  "source": "tests/entities/brvbar.xml",
  "xml": "<rss>\n<channel>\n<title>testing &brvbar; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ¦ entity"
   }
  ]
 },
 {
  "name": "entities/bull",
  "source": "tests/entities/bull.xml",
  "xml": "<rss>\n<channel>\n<title>testing &bull; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing • entity"
   }
  ]
 },
 {
  "name": "entities/cap",
  "source": "tests/entities/cap.xml",
  "xml": "<rss>\n<channel>\n<title>testing &cap; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ∩ entity"
   }
  ]
 },
 {
  "name": "entities/cedil",
  "source": "tests/entities/cedil.xml",
  "xml": "<rss>\n<channel>\n<title>testing &cedil; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ¸ entity"
   }
  ]
 },
 {
  "name": "entities/cent",
  "source": "tests/entities/cent.xml",
  "xml": "<rss>\n<channel>\n<title>testing &cent; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ¢ entity"
   }
  ]
 },
 {
  "name": "entities/circ",
  "source": "tests/entities/circ.xml",
  "xml": "<rss>\n<channel>\n<title>testing &circ; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ˆ entity"
   }
  ]
 },
 {
  "name": "entities/clubs",
  "source": "tests/entities/clubs.xml",
  "xml": "<rss>\n<channel>\n<title>testing &clubs; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ♣ entity"
   }
  ]
 },
 {
  "name": "entities/cong",
  "source": "tests/entities/cong.xml",
  "xml": "<rss>\n<channel>\n<title>testing &cong; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ≅ entity"
   }
  ]
 },
 {
  "name": "entities/copy",
  "source": "tests/entities/copy.xml",
  "xml": "<rss>\n<channel>\n<title>testing &copy; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing © entity"
   }
  ]
 },
 {
  "name": "entities/crarr",
  "source": "tests/entities/crarr.xml",
  "xml": "<rss>\n<channel>\n<title>testing &crarr; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ↵ entity"
   }
  ]
 },
 {
  "name": "entities/cup",
  "source": "tests/entities/cup.xml",
  "xml": "<rss>\n<channel>\n<title>testing &cup; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ∪ entity"
   }
  ]
 },
 {
  "name": "entities/curren",
  "source": "tests/entities/curren.xml",
  "xml": "<rss>\n<channel>\n<title>testing &curren; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ¤ entity"
   }
  ]
 },
 {
  "name": "entities/deg",
  "source": "tests/entities/deg.xml",
  "xml": "<rss>\n<channel>\n<title>testing &deg; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ° entity"
   }
  ]
 },
 {
  "name": "entities/diams",
  "source": "tests/entities/diams.xml",
  "xml": "<rss>\n<channel>\n<title>testing &diams; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ♦ entity"
   }
  ]
 },
 {
  "name": "entities/divide",
  "source": "tests/entities/divide.xml",
  "xml": "<rss>\n<channel>\n<title>testing &divide; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ÷ entity"
   }
  ]
 },
 {
  "name": "entities/emsp",
  "source": "tests/entities/emsp.xml",
  "xml": "<rss>\n<channel>\n<title>testing &emsp; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing   entity"
   }
  ]
 },
 {
  "name": "entities/ensp",
  "source": "tests/entities/ensp.xml",
  "xml": "<rss>\n<channel>\n<title>testing &ensp; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing   entity"
   }
  ]
 },
 {
  "name": "entities/equiv",
  "source": "tests/entities/equiv.xml",
  "xml": "<rss>\n<channel>\n<title>testing &equiv; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ≡ entity"
   }
  ]
 },
 {
  "name": "entities/euro",
  "source": "tests/entities/euro.xml",
  "xml": "<rss>\n<channel>\n<title>testing &euro; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing € entity"
   }
  ]
 },
 {
  "name": "entities/exist",
  "source": "tests/entities/exist.xml",
  "xml": "<rss>\n<channel>\n<title>testing &exist; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ∃ entity"
   }
  ]
 },
 {
  "name": "entities/fnof",
  "source": "tests/entities/fnof.xml",
  "xml": "<rss>\n<channel>\n<title>testing &fnof; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ƒ entity"
   }
  ]
 },
 {
  "name": "entities/forall",
  "source": "tests/entities/forall.xml",
  "xml": "<rss>\n<channel>\n<title>testing &forall; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ∀ entity"
   }
  ]
 },
 {
  "name": "entities/frac12",
  "source": "tests/entities/frac12.xml",
  "xml": "<rss>\n<channel>\n<title>testing &frac12; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ½ entity"
   }
  ]
 },
 {
  "name": "entities/frac14",
  "source": "tests/entities/frac14.xml",
  "xml": "<rss>\n<channel>\n<title>testing &frac14; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ¼ entity"
   }
  ]
 },
 {
  "name": "entities/frac34",
  "source": "tests/entities/frac34.xml",
  "xml": "<rss>\n<channel>\n<title>testing &frac34; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ¾ entity"
   }
  ]
 },
 {
  "name": "entities/frasl",
  "source": "tests/entities/frasl.xml",
  "xml": "<rss>\n<channel>\n<title>testing &frasl; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ⁄ entity"
   }
  ]
 },
 {
  "name": "entities/ge",
  "source": "tests/entities/ge.xml",
  "xml": "<rss>\n<channel>\n<title>testing &ge; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ≥ entity"
   }
  ]
 },
 {
  "name": "entities/hArr",
  "source": "tests/entities/hArr.xml",
  "xml": "<rss>\n<channel>\n<title>testing &harr; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ↔ entity"
   }
  ]
 },
 {
  "name": "entities/hearts",
  "source": "tests/entities/hearts.xml",
  "xml": "<rss>\n<channel>\n<title>testing &hearts; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ♥ entity"
   }
  ]
 },
 {
  "name": "entities/hellip",
  "source": "tests/entities/hellip.xml",
  "xml": "<rss>\n<channel>\n<title>testing &hellip; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing … entity"
   }
  ]
 },
 {
  "name": "entities/iexcl",
  "source": "tests/entities/iexcl.xml",
  "xml": "<rss>\n<channel>\n<title>testing &iexcl; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ¡ entity"
   }
  ]
 },
 {
  "name": "entities/infin",
  "source": "tests/entities/infin.xml",
  "xml": "<rss>\n<channel>\n<title>testing &infin; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ∞ entity"
   }
  ]
 },
 {
  "name": "entities/int",
  "source": "tests/entities/int.xml",
  "xml": "<rss>\n<channel>\n<title>testing &int; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ∫ entity"
   }
  ]
 },
 {
  "name": "entities/iquest",
  "source": "tests/entities/iquest.xml",
  "xml": "<rss>\n<channel>\n<title>testing &iquest; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ¿ entity"
   }
  ]
 },
 {
  "name": "entities/isin",
  "source": "tests/entities/isin.xml",
  "xml": "<rss>\n<channel>\n<title>testing &isin; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ∈ entity"
   }
  ]
 },
 {
  "name": "entities/lang",
  "source": "tests/entities/lang.xml",
  "xml": "<rss>\n<channel>\n<title>testing &lang; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing 〈 entity"
   }
  ]
 },
 {
  "name": "entities/laquo",
  "source": "tests/entities/laquo.xml",
  "xml": "<rss>\n<channel>\n<title>testing &laquo; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing « entity"
   }
  ]
 },
 {
  "name": "entities/lceil",
  "source": "tests/entities/lceil.xml",
  "xml": "<rss>\n<channel>\n<title>testing &lceil; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ⌈ entity"
   }
  ]
 },
 {
  "name": "entities/ldquo",
  "source": "tests/entities/ldquo.xml",
  "xml": "<rss>\n<channel>\n<title>testing &ldquo; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing “ entity"
   }
  ]
 },
 {
  "name": "entities/le",
  "source": "tests/entities/le.xml",
  "xml": "<rss>\n<channel>\n<title>testing &le; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ≤ entity"
   }
  ]
 },
 {
  "name": "entities/lfloor",
  "source": "tests/entities/lfloor.xml",
  "xml": "<rss>\n<channel>\n<title>testing &lfloor; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ⌊ entity"
   }
  ]
 },
 {
  "name": "entities/lowast",
  "source": "tests/entities/lowast.xml",
  "xml": "<rss>\n<channel>\n<title>testing &lowast; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ∗ entity"
   }
  ]
 },
 {
  "name": "entities/loz",
  "source": "tests/entities/loz.xml",
  "xml": "<rss>\n<channel>\n<title>testing &loz; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ◊ entity"
   }
  ]
 },
 {
  "name": "entities/lrm",
  "source": "tests/entities/lrm.xml",
  "xml": "<rss>\n<channel>\n<title>testing &lrm; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ‎ entity"
   }
  ]
 },
 {
  "name": "entities/lsaquo",
  "source": "tests/entities/lsaquo.xml",
  "xml": "<rss>\n<channel>\n<title>testing &lsaquo; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ‹ entity"
   }
  ]
 },
 {
  "name": "entities/lsquo",
  "source": "tests/entities/lsquo.xml",
  "xml": "<rss>\n<channel>\n<title>testing &lsquo; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ‘ entity"
   }
  ]
 },
 {
  "name": "entities/macr",
  "source": "tests/entities/macr.xml",
  "xml": "<rss>\n<channel>\n<title>testing &macr; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ¯ entity"
   }
  ]
 },
 {
  "name": "entities/mdash",
  "source": "tests/entities/mdash.xml",
  "xml": "<rss>\n<channel>\n<title>testing &mdash; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing — entity"
   }
  ]
 },
 {
  "name": "entities/micro",
  "source": "tests/entities/micro.xml",
  "xml": "<rss>\n<channel>\n<title>testing &micro; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing µ entity"
   }
  ]
 },
 {
  "name": "entities/zwnj",
  "source": "tests/entities/zwnj.xml",
  "xml": "<rss>\n<channel>\n<title>testing &zwnj; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ‌ entity"
   }
  ]
 },
 {
  "name": "entities/nbsp",
  "source": "tests/entities/nbsp.xml",
  "xml": "<rss>\n<channel>\n<title>testing &nbsp; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing   entity"
   }
  ]
 },
 {
  "name": "entities/rarr",
  "source": "tests/entities/rarr.xml",
  "xml": "<rss>\n<channel>\n<title>testing &rArr; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing ⇒ entity"
   }
  ]
 },
 {
  "name": "entities/doesnotexist",
  "source": "tests/entities/doesnotexist.xml",
  "xml": "<rss>\n<channel>\n<title>testing &doesnotexist; entity</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "testing &doesnotexist; entity"
   }
  ]
 },
 {
  "name": "entities/hex_entity_x_lowercase",
  "source": "tests/entities/hex_entity_x_lowercase.xml",
  "xml": "<feed version=\"0.3\" xmlns=\"http://purl.org/atom/ns#\">\n<entry>\n\t  <title type=\"application/xhtml+xml\" mode=\"xml\">&#x41;</title>\n</entry>\n</feed>",
  "expect": [
   {
    "path": "items[0].title",
    "kind": "eq",
    "value": "A"
   }
  ]
 },
 {
  "name": "entities/attr_amp",
  "source": "tests/entities/attr_amp.xml",
  "xml": "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n    <link rel=\"alternate\" href=\"http://domain/?a=1&amp;b=2\" />\n</feed",
  "expect": [
   {
    "path": "link",
    "kind": "eq",
    "value": "http://domain/?a=1&b=2"
   }
  ]
 },
 {
  "name": "wellformed/rss/channel_title_lt",
  "source": "tests/wellformed/rss/channel_title_lt.xml",
  "xml": "<rss version=\"0.91\">\n<channel>\n<title>1 &lt; 2</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "1 < 2"
   }
  ]
 },
 {
  "name": "wellformed/rss/channel_title_apos",
  "source": "tests/wellformed/rss/channel_title_apos.xml",
  "xml": "<rss version=\"0.91\">\n<channel>\n<title>Mark&apos;s title</title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "Mark's title"
   }
  ]
 },
 {
  "name": "wellformed/rss/channel_description_naked_markup",
  "source": "tests/wellformed/rss/channel_description_naked_markup.xml",
  "xml": "<rss version=\"2.0\">\n<channel>\n<description><p>Example description</p></description>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "description",
    "kind": "html",
    "value": "<p>Example description</p>"
   }
  ]
 },
 {
  "name": "wellformed/rss/channel_description_escaped_markup",
  "source": "tests/wellformed/rss/channel_description_escaped_markup.xml",
  "xml": "<rss version=\"2.0\">\n<channel>\n<description>&lt;p&gt;Example description&lt;/p&gt;</description>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "description",
    "kind": "html",
    "value": "<p>Example description</p>"
   }
  ]
 },
 {
  "name": "wellformed/rss/channel_description_shorttag",
  "source": "tests/wellformed/rss/channel_description_shorttag.xml",
  "xml": "<rss version=\"2.0\">\n<channel>\n<description/>\n<link>http://example.com/</link>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "description",
    "kind": "eq",
    "value": null
   },
   {
    "path": "link",
    "kind": "eq",
    "value": "http://example.com/"
   }
  ]
 },
 {
  "name": "wellformed/rss/channel_image_url",
  "source": "tests/wellformed/rss/channel_image_url.xml",
  "xml": "<rss version=\"2.0\">\n<channel>\n<image>\n<title>Sample image</title>\n<url>http://example.org/url</url>\n<link>http://example.org/link</link>\n<width>80</width>\n<height>15</height>\n<description>Available in Netscape RSS 0.91</description>\n</image>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "image",
    "kind": "eq",
    "value": "http://example.org/url"
   }
  ]
 },
 {
  "name": "wellformed/rss/item_author_map_author_detail_name",
  "source": "tests/wellformed/rss/item_author_map_author_detail_name.xml",
  "xml": "<rss version=\"2.0\">\n<channel>\n<item>\n<author>Example editor (me@example.com)</author>\n</item>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "items[0].author",
    "kind": "eq",
    "value": "Example editor"
   }
  ]
 },
 {
  "name": "wellformed/rss/item_dc_date",
  "source": "tests/wellformed/rss/item_dc_date.xml",
  "xml": "<rss version=\"2.0\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n<channel>\n<item>\n<dc:date>2003-12-31T10:14:55Z</dc:date>\n</item>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "items[0].updated",
    "kind": "date",
    "value": "2003-12-31T10:14:55Z"
   }
  ]
 },
 {
  "name": "wellformed/rss/item_content_encoded",
  "source": "tests/wellformed/rss/item_content_encoded.xml",
  "xml": "<rss version=\"2.0\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\">\n<channel>\n<item>\n<content:encoded>&lt;p&gt;Example content&lt;/p&gt;</content:encoded>\n</item>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "items[0].content",
    "kind": "html",
    "value": "<p>Example content</p>"
   }
  ]
 },
 {
  "name": "wellformed/rss/item_category_multiple",
  "source": "tests/wellformed/rss/item_category_multiple.xml",
  "xml": "<rss version=\"2.0\">\n<channel>\n<item>\n<category domain=\"http://www.example.com/1\">Example category 1</category>\n<category domain=\"http://www.example.com/2\">Example category 2</category>\n</item>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "items[0].categories[1]",
    "kind": "eq",
    "value": "Example category 2"
   }
  ]
 },
 {
  "name": "wellformed/rss/item_dc_description",
  "source": "tests/wellformed/rss/item_dc_description.xml",
  "xml": "<rss version=\"2.0\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n<channel>\n<item>\n<dc:description>Example description</dc:description>\n</item>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "items[0].summary",
    "kind": "html",
    "value": "Example description"
   }
  ]
 },
 {
  "name": "wellformed/rss/item_description_naked_markup",
  "source": "tests/wellformed/rss/item_description_naked_markup.xml",
  "xml": "<rss version=\"2.0\">\n<channel>\n<item>\n<description><p>Example description</p></description>\n</item>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "items[0].summary",
    "kind": "html",
    "value": "<p>Example description</p>"
   }
  ]
 },
 {
  "name": "wellformed/rss/item_enclosure_length",
  "source": "tests/wellformed/rss/item_enclosure_length.xml",
  "xml": "<rss version=\"2.0\">\n<channel>\n<item>\n<enclosure url=\"http://example.com/\" length=\"100000\" type=\"image/jpeg\" />\n<link>http://example.com/</link>\n</item>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "items[0].enclosures[0].length",
    "kind": "num",
    "value": "100000"
   }
  ]
 },
 {
  "name": "wellformed/rss/item_xhtml_body",
  "source": "tests/wellformed/rss/item_xhtml_body.xml",
  "xml": "<rss version=\"2.0\">\n<channel>\n<item>\n<body xmlns=\"http://www.w3.org/1999/xhtml\">\n<p>Example content</p>\n</body>\n</item>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "items[0].content",
    "kind": "html",
    "value": "<p>Example content</p>"
   }
  ]
 },
 {
  "name": "wellformed/rss/item_guid_isPermaLink_map_link",
  "source": "tests/wellformed/rss/item_guid_isPermaLink_map_link.xml",
  "xml": "<rss version=\"2.0\">\n<channel>\n<item>\n<guid isPermaLink=\"true\">http://guid.example.com/</guid>\n</item>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "items[0].link",
    "kind": "eq",
    "value": "http://guid.example.com/"
   }
  ]
 },
 {
  "name": "wellformed/rss/item_pubDate",
  "source": "tests/wellformed/rss/item_pubDate.xml",
  "xml": "<rss version=\"2.0\">\n<channel>\n<item>\n<pubDate>Thu, 01 Jan 2004 19:48:21 GMT</pubDate>\n</item>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "items[0].published",
    "kind": "date",
    "value": "2004-01-01T19:48:21Z"
   }
  ]
 },
 {
  "name": "test_numeric_character_references.py overflow",
  "source": "tests/test_numeric_character_references.py overflow",
  "xml": "<rss version=\"2.0\"><channel><item><title>before&#xFFFFFFFF;after</title></item></channel></rss>",
  "expect": [
   {
    "path": "items[0].title",
    "kind": "eq",
    "value": "before&#xffffffff;after"
   }
  ]
 },
 {
  "name": "test_numeric_character_references.py above max",
  "source": "tests/test_numeric_character_references.py above max",
  "xml": "<rss version=\"2.0\"><channel><item><title>before&#x110000;after</title></item></channel></rss>",
  "expect": [
   {
    "path": "items[0].title",
    "kind": "eq",
    "value": "before&#x110000;after"
   }
  ]
 },
 {
  "name": "test_numeric_character_references.py lone surrogate",
  "source": "tests/test_numeric_character_references.py lone surrogate",
  "xml": "<rss version=\"2.0\"><channel><item><title>before&#xD800;after</title></item></channel></rss>",
  "expect": [
   {
    "path": "items[0].title",
    "kind": "eq",
    "value": "before&#xd800;after"
   }
  ]
 },
 {
  "name": "test_numeric_character_references.py decimal out of range",
  "source": "tests/test_numeric_character_references.py decimal out of range",
  "xml": "<rss version=\"2.0\"><channel><item><title>before&#4294967295;after</title></item></channel></rss>",
  "expect": [
   {
    "path": "items[0].title",
    "kind": "eq",
    "value": "before&#4294967295;after"
   }
  ]
 },
 {
  "name": "test_numeric_character_references.py valid charref",
  "source": "tests/test_numeric_character_references.py valid charref",
  "xml": "<rss version=\"2.0\"><channel><item><title>before&#160;after</title></item></channel></rss>",
  "expect": [
   {
    "path": "items[0].title",
    "kind": "eq",
    "value": "before after"
   }
  ]
 },
 {
  "name": "test_charref.py decimal 1114112",
  "source": "tests/test_charref.py decimal 1114112",
  "xml": "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>t</title><item><title>a&#1114112;b</title></item></channel></rss>",
  "expect": [
   {
    "path": "items[0].title",
    "kind": "eq",
    "value": "a&#1114112;b"
   }
  ]
 },
 {
  "name": "test_charref.py decimal A",
  "source": "tests/test_charref.py decimal A",
  "xml": "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>t</title><item><title>a&#65;b</title></item></channel></rss>",
  "expect": [
   {
    "path": "items[0].title",
    "kind": "eq",
    "value": "aAb"
   }
  ]
 },
 {
  "name": "test_charref.py hex A",
  "source": "tests/test_charref.py hex A",
  "xml": "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>t</title><item><title>a&#x41;b</title></item></channel></rss>",
  "expect": [
   {
    "path": "items[0].title",
    "kind": "eq",
    "value": "aAb"
   }
  ]
 },
 {
  "name": "wellformed/rss/channel_description_map_tagline",
  "source": "tests/wellformed/rss/channel_description_map_tagline.xml",
  "xml": "<rss version=\"2.0\">\n<channel>\n<description>Example description</description>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "description",
    "kind": "html",
    "value": "Example description"
   }
  ]
 },
 {
  "name": "wellformed/rss/item_dc_creator",
  "source": "tests/wellformed/rss/item_dc_creator.xml",
  "xml": "<rss version=\"2.0\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n<channel>\n<item>\n<dc:creator>Example editor</dc:creator>\n</item>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "items[0].author",
    "kind": "eq",
    "value": "Example editor"
   }
  ]
 },
 {
  "name": "wellformed/rss/item_category_multiple_2",
  "source": "tests/wellformed/rss/item_category_multiple_2.xml",
  "xml": "<rss version=\"2.0\">\n<channel>\n<item>\n<category>Example category 1</category>\n<category>Example category 2</category>\n</item>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "items[0].categories[1]",
    "kind": "eq",
    "value": "Example category 2"
   }
  ]
 },
 {
  "name": "wellformed/rdf/rdf_item_rdf_about",
  "source": "tests/wellformed/rdf/rdf_item_rdf_about.xml",
  "xml": "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns=\"http://purl.org/rss/1.0/\">\n<channel rdf:about=\"http://example.com/index.rdf\">\n  <items>\n    <rdf:Seq>\n      <rdf:li resource=\"http://example.org/1\"/>\n    </rdf:Seq>\n  </items>\n</channel>\n<item rdf:about=\"http://example.org/1\">\n</item>\n</rdf:RDF>",
  "expect": [
   {
    "path": "items[0].id",
    "kind": "eq",
    "value": "http://example.org/1"
   }
  ]
 },
 {
  "name": "wellformed/rdf/rss090_item_title",
  "source": "tests/wellformed/rdf/rss090_item_title.xml",
  "xml": "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns=\"http://my.netscape.com/rdf/simple/0.9/\">\n<channel>\n<title>Example title</title>\n</channel>\n<item>\n<title>Item title</title>\n</item>\n</rdf:RDF>",
  "expect": [
   {
    "path": "items[0].title",
    "kind": "eq",
    "value": "Item title"
   }
  ]
 },
 {
  "name": "wellformed/rdf/rdf_item_description",
  "source": "tests/wellformed/rdf/rdf_item_description.xml",
  "xml": "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns=\"http://purl.org/rss/1.0/\">\n<channel rdf:about=\"http://example.com/index.rdf\">\n  <items>\n    <rdf:Seq>\n      <rdf:li resource=\"http://example.com/1\"/>\n    </rdf:Seq>\n  </items>\n</channel>\n<item rdf:about=\"http://example.com/1\">\n  <description>Example description</description>\n</item>\n</rdf:RDF>",
  "expect": [
   {
    "path": "items[0].summary",
    "kind": "html",
    "value": "Example description"
   }
  ]
 },
 {
  "name": "wellformed/rdf/rdf_channel_link",
  "source": "tests/wellformed/rdf/rdf_channel_link.xml",
  "xml": "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns=\"http://purl.org/rss/1.0/\">\n<channel rdf:about=\"http://example.com/index.rdf\">\n  <link>http://example.com/</link>\n</channel>\n</rdf:RDF>",
  "expect": [
   {
    "path": "link",
    "kind": "eq",
    "value": "http://example.com/"
   }
  ]
 },
 {
  "name": "illformed/rss_item_link_corrupted_ampersands",
  "source": "tests/illformed/rss_item_link_corrupted_ampersands.xml",
  "xml": "\n<rss version=\"2.0\">\n  <channel>\n    <item>\n      <link>http://link/get?a=1&amp;b=2</link>\n    </item>\n  </channel>\n</rss\n",
  "expect": [
   {
    "path": "items[0].link",
    "kind": "eq",
    "value": "http://link/get?a=1&b=2"
   }
  ]
 },
 {
  "name": "illformed/always_strip_doctype",
  "source": "tests/illformed/always_strip_doctype.xml",
  "xml": "<?xml version=\"1.0\" encoding=\"utf-8\"?><!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Transitional//EN\" \"http://site.invalid/\">\n<rss>\n    <channel>\n        <title>found</title>\n    </channel>\n</rss>\n",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "found"
   }
  ]
 },
 {
  "name": "illformed/rss_item_nested_textinput",
  "source": "tests/illformed/rss_item_nested_textinput.xml",
  "xml": "<rss version=\"2.0\">\n  <channel>\n    <title>channel</title>\n    <item>\n      <title>item title</title>\n      <textInput>\n        <name>query</name>\n        <link>http://example.com/search</link>\n        <description>Search</description>\n      </textInput>\n    </item>\n  </channel>\n</rss>\n",
  "expect": [
   {
    "path": "items",
    "kind": "len",
    "value": "1"
   },
   {
    "path": "items[0].title",
    "kind": "eq",
    "value": "item title"
   }
  ]
 },
 {
  "name": "wellformed/rss/item_author",
  "source": "tests/wellformed/rss/item_author.xml",
  "xml": "<rss version=\"2.0\">\n<channel>\n<item>\n<author>Example editor</author>\n</item>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "items[0].author",
    "kind": "eq",
    "value": "Example editor"
   }
  ]
 },
 {
  "name": "wellformed/rss/channel_dc_title",
  "source": "tests/wellformed/rss/channel_dc_title.xml",
  "xml": "<rss version=\"2.0\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n<channel>\n<dc:title>Example title</dc:title>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "Example title"
   }
  ]
 },
 {
  "name": "wellformed/rss/item_dc_author",
  "source": "tests/wellformed/rss/item_dc_author.xml",
  "xml": "<rss version=\"2.0\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n<channel>\n<item>\n<dc:author>Example editor</dc:author>\n</item>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "items[0].author",
    "kind": "eq",
    "value": "Example editor"
   }
  ]
 },
 {
  "name": "wellformed/rss/item_category",
  "source": "tests/wellformed/rss/item_category.xml",
  "xml": "<rss version=\"2.0\">\n<channel>\n<item>\n<category>Example category</category>\n</item>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "items[0].categories[0]",
    "kind": "eq",
    "value": "Example category"
   }
  ]
 },
 {
  "name": "illformed/rss_image_width_stray_end_tag",
  "source": "tests/illformed/rss_image_width_stray_end_tag.xml",
  "xml": "<rss version=\"2.0\">\n<channel>\n<image>\n<url>http://example.org/url</url>\n<title>Sample image</title>\n<link>http://example.org/link</link>\n</width>\n</image>\n</channel>\n</rss>",
  "expect": [
   {
    "path": "image",
    "kind": "eq",
    "value": "http://example.org/url"
   }
  ]
 },
 {
  "name": "wellformed/rdf/rdf_channel_title",
  "source": "tests/wellformed/rdf/rdf_channel_title.xml",
  "xml": "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns=\"http://purl.org/rss/1.0/\">\n<channel rdf:about=\"http://example.com/index.rdf\">\n  <title>Example feed</title>\n</channel>\n</rdf:RDF>",
  "expect": [
   {
    "path": "title",
    "kind": "eq",
    "value": "Example feed"
   }
  ]
 },
 {
  "name": "wellformed/rdf/rdf_item_link",
  "source": "tests/wellformed/rdf/rdf_item_link.xml",
  "xml": "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns=\"http://purl.org/rss/1.0/\">\n<channel rdf:about=\"http://example.com/index.rdf\">\n  <items>\n    <rdf:Seq>\n      <rdf:li resource=\"http://example.com/1\"/>\n    </rdf:Seq>\n  </items>\n</channel>\n<item rdf:about=\"http://example.com/1\">\n  <link>http://example.com/1</link>\n</item>\n</rdf:RDF>",
  "expect": [
   {
    "path": "items[0].link",
    "kind": "eq",
    "value": "http://example.com/1"
   }
  ]
 }
];

export const DATE_CASES: DateCase[] = [
 {
  "source": "test_date_parsers.py greek",
  "input": "Κυρ, 11 Ιούλ 2004 12:00:00 EST",
  "expected": "2004-07-11T17:00:00Z"
 },
 {
  "source": "test_date_parsers.py hungarian",
  "input": "2004-július-13T9:15-05:00",
  "expected": "2004-07-13T14:15:00Z"
 },
 {
  "source": "test_date_parsers.py iso8601 2-digit year/month only variant",
  "input": "-0312",
  "expected": "2003-12-01T00:00:00Z"
 },
 {
  "source": "test_date_parsers.py iso8601 2-digit year/month/day no hyphens",
  "input": "031231",
  "expected": "2003-12-31T00:00:00Z"
 },
 {
  "source": "test_date_parsers.py iso8601 2-digit year/month/day",
  "input": "03-12-31",
  "expected": "2003-12-31T00:00:00Z"
 },
 {
  "source": "test_date_parsers.py iso8601 2-digit year/month",
  "input": "-03-12",
  "expected": "2003-12-01T00:00:00Z"
 },
 {
  "source": "test_date_parsers.py iso8601 2-digit year/ordinal",
  "input": "03335",
  "expected": "2003-12-01T00:00:00Z"
 },
 {
  "source": "test_date_parsers.py iso8601 fractional seconds",
  "input": "2003-12-31T10:14:55.1234Z",
  "expected": "2003-12-31T10:14:55Z"
 },
 {
  "source": "test_date_parsers.py iso8601 Google's extra zero in the month",
  "input": "2003-012-31T10:14:55+00:00",
  "expected": "2003-12-31T10:14:55Z"
 },
 {
  "source": "test_date_parsers.py nate",
  "input": "2004-05-25 오후 11:23:17",
  "expected": "2004-05-25T14:23:17Z"
 },
 {
  "source": "test_date_parsers.py onblog",
  "input": "2004년 05월 28일  01:31:15",
  "expected": "2004-05-27T16:31:15Z"
 },
 {
  "source": "test_date_parsers.py perforce",
  "input": "Fri, 2006/09/15 08:19:53 EDT",
  "expected": "2006-09-15T12:19:53Z"
 },
 {
  "source": "test_date_parsers.py rfc822 MET",
  "input": "Thu, 30 Apr 2015 08:57:00 MET",
  "expected": "2015-04-30T07:57:00Z"
 },
 {
  "source": "test_date_parsers.py rfc822 MEST",
  "input": "Thu, 30 Apr 2015 08:57:00 MEST",
  "expected": "2015-04-30T06:57:00Z"
 },
 {
  "source": "test_date_parsers.py rfc822 ancient date",
  "input": "Thu, 01 Jan 0100 00:00:01 +0100",
  "expected": "0099-12-31T23:00:01Z"
 },
 {
  "source": "test_date_parsers.py rfc822 2-digit year",
  "input": "Thu, 01 Jan 04 19:48:21 GMT",
  "expected": "2004-01-01T19:48:21Z"
 },
 {
  "source": "test_date_parsers.py rfc822 4-digit year",
  "input": "Thu, 01 Jan 2004 19:48:21 GMT",
  "expected": "2004-01-01T19:48:21Z"
 },
 {
  "source": "test_date_parsers.py rfc822 1-digit day",
  "input": "Thu,  5 Apr 2012 10:00:00 GMT",
  "expected": "2012-04-05T10:00:00Z"
 },
 {
  "source": "test_date_parsers.py rfc822 etc/gmt timezone",
  "input": "Wed, 19 Aug 2009 18:28:00 Etc/GMT",
  "expected": "2009-08-19T18:28:00Z"
 },
 {
  "source": "test_date_parsers.py rfc822 gmt+hh:mm timezone",
  "input": "Wed, 19 Feb 2012 22:40:00 GMT-01:01",
  "expected": "2012-02-19T23:41:00Z"
 },
 {
  "source": "test_date_parsers.py rfc822 +hh:mm timezone",
  "input": "Wed, 19 Feb 2012 22:40:00 -01:01",
  "expected": "2012-02-19T23:41:00Z"
 },
 {
  "source": "test_date_parsers.py rfc822 extraneous comma",
  "input": "Mon, 13 Feb, 2012 06:28:00 UTC",
  "expected": "2012-02-13T06:28:00Z"
 },
 {
  "source": "test_date_parsers.py rfc822 no seconds",
  "input": "Thu, 01 Jan 2004 00:00 GMT",
  "expected": "2004-01-01T00:00:00Z"
 },
 {
  "source": "test_date_parsers.py rfc822 no time",
  "input": "Thu, 01 Jan 2004",
  "expected": "2004-01-01T00:00:00Z"
 },
 {
  "source": "test_date_parsers.py rfc822 Disney long month AT",
  "input": "Mon, 26 January 2004 16:31:00 AT",
  "expected": "2004-01-26T20:31:00Z"
 },
 {
  "source": "test_date_parsers.py rfc822 Disney long month ET",
  "input": "Mon, 26 January 2004 16:31:00 ET",
  "expected": "2004-01-26T21:31:00Z"
 },
 {
  "source": "test_date_parsers.py rfc822 Disney long month CT",
  "input": "Mon, 26 January 2004 16:31:00 CT",
  "expected": "2004-01-26T22:31:00Z"
 },
 {
  "source": "test_date_parsers.py rfc822 Disney long month MT",
  "input": "Mon, 26 January 2004 16:31:00 MT",
  "expected": "2004-01-26T23:31:00Z"
 },
 {
  "source": "test_date_parsers.py rfc822 Disney long month PT",
  "input": "Mon, 26 January 2004 16:31:00 PT",
  "expected": "2004-01-27T00:31:00Z"
 },
 {
  "source": "test_date_parsers.py rfc822 swapped month and day",
  "input": "Thu Aug 30 2012 17:26:16 +0200",
  "expected": "2012-08-30T15:26:16Z"
 },
 {
  "source": "test_date_parsers.py rfc822 invalid time",
  "input": "Sun, 16 Dec 2012 1:2:3:4 GMT",
  "expected": null
 },
 {
  "source": "test_date_parsers.py rfc822 invalid month",
  "input": "Sun, 16 zzz 2012 11:47:32 GMT",
  "expected": null
 },
 {
  "source": "test_date_parsers.py rfc822 invalid day",
  "input": "Sun, Dec x 2012 11:47:32 GMT",
  "expected": null
 },
 {
  "source": "test_date_parsers.py rfc822 invalid year",
  "input": "Sun, 16 Dec zz 11:47:32 GMT",
  "expected": null
 },
 {
  "source": "test_date_parsers.py rfc822 invalid timezone hour",
  "input": "Sun, 16 Dec 2012 11:47:32 +zz:00",
  "expected": null
 },
 {
  "source": "test_date_parsers.py rfc822 invalid timezone minute",
  "input": "Sun, 16 Dec 2012 11:47:32 +00:zz",
  "expected": null
 },
 {
  "source": "test_date_parsers.py rfc822 out-of-range day",
  "input": "Sun, 99 Jun 2009 12:00:00 GMT",
  "expected": null
 },
 {
  "source": "test_date_parsers.py rfc822 year 10000",
  "input": "Sun, 31 Dec 9999 23:59:59 -9999",
  "expected": null
 },
 {
  "source": "test_date_parsers.py asctime",
  "input": "Sun Jan  4 16:29:06 2004",
  "expected": "2004-01-04T16:29:06Z"
 },
 {
  "source": "test_date_parsers.py asctime with offset",
  "input": "Sun Jul 15 01:16:00 +0000 2012",
  "expected": "2012-07-15T01:16:00Z"
 },
 {
  "source": "test_date_parsers.py w3dtf UTC",
  "input": "2003-12-31T10:14:55Z",
  "expected": "2003-12-31T10:14:55Z"
 },
 {
  "source": "test_date_parsers.py w3dtf San Francisco",
  "input": "2003-12-31T10:14:55-08:00",
  "expected": "2003-12-31T18:14:55Z"
 },
 {
  "source": "test_date_parsers.py w3dtf Tokyo",
  "input": "2003-12-31T18:14:55+08:00",
  "expected": "2003-12-31T10:14:55Z"
 },
 {
  "source": "test_date_parsers.py w3dtf fractional seconds",
  "input": "2007-04-23T23:25:47.538+10:00",
  "expected": "2007-04-23T13:25:47Z"
 },
 {
  "source": "test_date_parsers.py w3dtf year/month/day",
  "input": "2003-12-31",
  "expected": "2003-12-31T00:00:00Z"
 },
 {
  "source": "test_date_parsers.py w3dtf year/month",
  "input": "2003-12",
  "expected": "2003-12-01T00:00:00Z"
 },
 {
  "source": "test_date_parsers.py w3dtf year only",
  "input": "2003",
  "expected": "2003-01-01T00:00:00Z"
 },
 {
  "source": "test_date_parsers.py w3dtf feb 28 leap year",
  "input": "2004-02-28T18:14:55-08:00",
  "expected": "2004-02-29T02:14:55Z"
 },
 {
  "source": "test_date_parsers.py w3dtf feb 28 non-leap year",
  "input": "2003-02-28T18:14:55-08:00",
  "expected": "2003-03-01T02:14:55Z"
 },
 {
  "source": "test_date_parsers.py w3dtf feb 28 leap century",
  "input": "2000-02-28T18:14:55-08:00",
  "expected": "2000-02-29T02:14:55Z"
 },
 {
  "source": "test_date_parsers.py w3dtf out of range",
  "input": "9999-12-31T23:59:59-99:99",
  "expected": null
 },
 {
  "source": "test_date_parsers.py w3dtf 25 hours",
  "input": "2003-12-31T25:14:55Z",
  "expected": null
 },
 {
  "source": "test_date_parsers.py w3dtf 61 minutes",
  "input": "2003-12-31T10:61:55Z",
  "expected": null
 },
 {
  "source": "test_date_parsers.py w3dtf 61 seconds",
  "input": "2003-12-31T10:14:61Z",
  "expected": null
 },
 {
  "source": "test_date_parsers.py w3dtf year too long",
  "input": "22013",
  "expected": null
 },
 {
  "source": "test_date_parsers.py w3dtf year too short",
  "input": "013",
  "expected": null
 },
 {
  "source": "test_date_parsers.py w3dtf too many parts",
  "input": "2013-01-27-01",
  "expected": null
 },
 {
  "source": "test_date_parsers.py w3dtf too many Ts",
  "input": "2013-01-28T11:30:00-06:00Textra",
  "expected": null
 },
 {
  "source": "test_date_parsers.py w3dtf non-integer date",
  "input": "2013-xx-27",
  "expected": null
 },
 {
  "source": "test_date_parsers.py w3dtf non-integer time",
  "input": "2013-01-28T09:xx:00Z",
  "expected": null
 },
 {
  "source": "test_date_parsers.py w3dtf non-integer timezone",
  "input": "2013-01-28T09:00:00+00:xx",
  "expected": null
 },
 {
  "source": "test_date_parsers.py w3dtf MSSQL with timezone",
  "input": "2004-07-08 23:56:58 -00:20",
  "expected": "2004-07-09T00:16:58Z"
 },
 {
  "source": "test_date_parsers.py w3dtf MSSQL without timezone",
  "input": "2004-07-08 23:56:58",
  "expected": "2004-07-08T23:56:58Z"
 },
 {
  "source": "test_date_parsers.py w3dtf MSSQL fractional second",
  "input": "2004-07-08 23:56:58.0",
  "expected": "2004-07-08T23:56:58Z"
 },
 {
  "source": "test_date_parsers.py empty string",
  "input": "",
  "expected": null
 },
 {
  "source": "tests/wellformed/rss/item_pubDate.xml",
  "input": "Thu, 01 Jan 2004 19:48:21 GMT",
  "expected": "2004-01-01T19:48:21Z"
 },
 {
  "source": "tests/wellformed/rss/item_dc_date.xml",
  "input": "2003-12-31T10:14:55Z",
  "expected": "2003-12-31T10:14:55Z"
 },
 {
  "source": "feedloom: offset and zone name",
  "input": "Sun, 5 Jun 2005 18:00:00 +0000 GMT",
  "expected": "2005-06-05T18:00:00Z"
 },
 {
  "source": "feedloom: zone comment",
  "input": "Tue, 10 Jun 2003 04:00:00 -0400 (EDT)",
  "expected": "2003-06-10T08:00:00Z"
 },
 {
  "source": "feedloom: JavaScript Date.toString",
  "input": "Thu Apr 23 2009 10:00:00 GMT+0200 (CEST)",
  "expected": "2009-04-23T08:00:00Z"
 },
 {
  "source": "feedloom: EST",
  "input": "Wed, 17 Jan 2018 15:50:00 EST",
  "expected": "2018-01-17T20:50:00Z"
 },
 {
  "source": "feedloom: EDT",
  "input": "Wed, 17 Jul 2018 15:50:00 EDT",
  "expected": "2018-07-17T19:50:00Z"
 },
 {
  "source": "feedloom: CST",
  "input": "Mon, 02 Mar 2015 08:00:00 CST",
  "expected": "2015-03-02T14:00:00Z"
 },
 {
  "source": "feedloom: PDT",
  "input": "Mon, 02 Mar 2015 08:00:00 PDT",
  "expected": "2015-03-02T15:00:00Z"
 },
 {
  "source": "feedloom: CET",
  "input": "Mon, 02 Mar 2015 08:00:00 CET",
  "expected": "2015-03-02T07:00:00Z"
 },
 {
  "source": "feedloom: UT",
  "input": "Mon, 02 Mar 2015 08:00:00 UT",
  "expected": "2015-03-02T08:00:00Z"
 },
 {
  "source": "feedloom: Z",
  "input": "Mon, 02 Mar 2015 08:00:00 Z",
  "expected": "2015-03-02T08:00:00Z"
 },
 {
  "source": "feedloom: wrong weekday",
  "input": "Fri, 02 Mar 2015 08:00:00 GMT",
  "expected": "2015-03-02T08:00:00Z"
 },
 {
  "source": "feedloom: missing weekday",
  "input": "02 Mar 2015 08:00:00 +0100",
  "expected": "2015-03-02T07:00:00Z"
 },
 {
  "source": "feedloom: RFC 3339 no colon in offset",
  "input": "2015-03-02T08:00:00+0100",
  "expected": "2015-03-02T07:00:00Z"
 },
 {
  "source": "feedloom: RFC 3339 lowercase t and z",
  "input": "2015-03-02t08:00:00z",
  "expected": "2015-03-02T08:00:00Z"
 },
 {
  "source": "feedloom: ISO week date",
  "input": "2009-W01-1",
  "expected": "2008-12-29T00:00:00Z"
 },
 {
  "source": "feedloom: ISO ordinal date",
  "input": "2003-335",
  "expected": "2003-12-01T00:00:00Z"
 },
 {
  "source": "feedloom: ISO basic",
  "input": "20030501T101010Z",
  "expected": "2003-05-01T10:10:10Z"
 },
 {
  "source": "feedloom: full weekday and month",
  "input": "Monday, 02 March 2015 08:00:00 GMT",
  "expected": "2015-03-02T08:00:00Z"
 },
 {
  "source": "feedloom: 12-hour clock",
  "input": "Mon, 02 Mar 2015 08:00 PM GMT",
  "expected": "2015-03-02T20:00:00Z"
 },
 {
  "source": "feedloom: ISO hours only offset",
  "input": "2015-03-02T08:00:00-05",
  "expected": "2015-03-02T13:00:00Z"
 },
 {
  "source": "feedloom: leading and trailing space",
  "input": "  Mon, 02 Mar 2015 08:00:00 GMT  ",
  "expected": "2015-03-02T08:00:00Z"
 },
 {
  "source": "feedloom: not a date",
  "input": "yesterday",
  "expected": null
 },
 {
  "source": "feedloom: February 30",
  "input": "Mon, 30 Feb 2015 08:00:00 GMT",
  "expected": null
 },
 {
  "source": "feedloom: military zone",
  "input": "Mon, 02 Mar 2015 08:00:00 A",
  "expected": "2015-03-02T09:00:00Z"
 },
 {
  "source": "feedloom: dot month abbreviation",
  "input": "Mon, 02 Sept. 2015 08:00:00 GMT",
  "expected": "2015-09-02T08:00:00Z"
 },
 {
  "source": "feedloom: ISO with space before Z",
  "input": "2015-03-02 08:00:00 Z",
  "expected": "2015-03-02T08:00:00Z"
 },
 {
  "source": "feedloom: two-digit year 99",
  "input": "Thu, 01 Jan 99 00:00:00 GMT",
  "expected": "1999-01-01T00:00:00Z"
 },
 {
  "source": "feedloom: JST",
  "input": "Mon, 02 Mar 2015 18:00:00 JST",
  "expected": "2015-03-02T09:00:00Z"
 },
 {
  "source": "feedloom: seconds fraction RFC 822",
  "input": "Mon, 02 Mar 2015 08:00:00.123 +0000",
  "expected": "2015-03-02T08:00:00Z"
 },
 {
  "source": "feedloom: ISO 24:00",
  "input": "2015-03-02T24:00:00Z",
  "expected": "2015-03-03T00:00:00Z"
 },
 {
  "source": "feedloom: ISO comma fraction",
  "input": "2015-03-02T08:00:00,5Z",
  "expected": "2015-03-02T08:00:00Z"
 },
 {
  "source": "feedloom: dash-separated RFC",
  "input": "02-Mar-2015 08:00:00 GMT",
  "expected": "2015-03-02T08:00:00Z"
 },
 {
  "source": "feedloom: month name day year",
  "input": "March 2, 2015 08:00:00 GMT",
  "expected": "2015-03-02T08:00:00Z"
 }
];
