// The digest's lines for `notify` rules (issue 26): "Matched your rule X", one per item a rule matched
// since the last digest, each linking to the item (its own address, else the item in Feedloom), with a
// last line for those past the digest's limit. HTML and plain text, for the email's two parts.
import type { RuleNotice } from '../db/rule-notices';
import { escapeAttribute, escapeText } from '../html/entities';

/** What a digest says of the rules' matches: a heading and a line each. */
export type RuleMatchLines = { html: string; text: string };

/** The line for one match, as the person reads it. */
export const matchedLine = (notice: RuleNotice) => `Matched your rule “${notice.ruleName}”: ${notice.title}`;

const hrefOf = (notice: RuleNotice, appUrl: string) =>
  notice.link ?? new URL(`/home?item=${notice.itemId}`, appUrl).toString();

/** The lines for `notices` of `total` matches; null when there are none. */
export function ruleMatchLines(notices: RuleNotice[], total: number, appUrl: string): RuleMatchLines | null {
  if (notices.length === 0) return null;
  const more = total - notices.length;
  const moreLine = more > 0 ? `…and ${more} more ${more === 1 ? 'match' : 'matches'} of your rules.` : null;
  const items = notices.map(
    (notice) =>
      `<li>Matched your rule <strong>“${escapeText(notice.ruleName)}”</strong>: <a href="${escapeAttribute(hrefOf(notice, appUrl))}">${escapeText(notice.title)}</a></li>`,
  );
  const html = `<h2 style="font-size:18px">Your rules</h2><ul>${items.join('')}</ul>${moreLine ? `<p>${escapeText(moreLine)}</p>` : ''}`;
  const text = [
    'Your rules',
    '----------',
    ...notices.map((notice) => `${matchedLine(notice)}\n  ${hrefOf(notice, appUrl)}`),
    ...(moreLine ? [moreLine] : []),
  ].join('\n');
  return { html, text };
}
