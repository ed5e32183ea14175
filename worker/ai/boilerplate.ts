// Feed boilerplate: the lines a publisher's platform adds to every item ("Continue reading", "Related:",
// WordPress's "The post … appeared first on …", share and subscribe lines, tracking footers). They are
// not what an item says, so no summary may quote them. Lines are dropped whole; a few tails ("…
// Continue reading →", "[…]") are cut off the sentence they end.

/** A line that is boilerplate from start to end. */
const BOILERPLATE_LINES: RegExp[] = [
  /^(continue|keep) reading\b/i,
  /^read (the )?(more|full|rest|original|whole|entire)\b/i,
  /^(view|see) (the )?(entire|full|original) (post|article|story)\b/i,
  /^related( (stories|posts|articles|reading|links|coverage|content))?\s*[:：]?$/i,
  /^related( (stories|posts|articles|reading|links|coverage|content))?\s*[:：]/i,
  /^more (from|on|in) .{0,60}[:：]/i,
  /\bappeared first on\b/i,
  /^the post .{1,200} appeared\b/i,
  /^(this|the) (article|post|story|entry) (was )?(originally |first )?(appeared|published|posted)\b/i,
  /^originally (published|posted|appeared)\b/i,
  /^(share|tweet|pin|email|print|save)( (this|it|on|via|to|the)( [\p{L}/+&]+){0,4})?\s*[:：!.]?$/iu,
  /^(like|share|share and enjoy|spread the word) (this|it)?\s*[:：]/i,
  /^(click|tap) (here|to)\b/i,
  /\b(subscribe|sign up|signup|register) (to|for|now|today)\b.{0,80}\b(newsletter|podcast|feed|channel|updates|inbox|list)\b/i,
  /^(subscribe|sign up|join|follow us|follow me|get the app|download (the|our) app)\b/i,
  /^(listen|watch|download|play)( to| on| the| this)? (episode|podcast|now|here|on [\p{Lu}])/iu,
  /^(advertisement|sponsored|sponsored content|ad|promoted|paid post)\s*[:：]?$/i,
  /^(photo|image|picture|video|credit|credits|source|via|illustration|caption)\s*[:：]/i,
  /^(copyright|©|\(c\))/i,
  /\ball rights reserved\b/i,
  /^(\d+ )?(comments?|responses?|replies|permalink|leave a (comment|reply)|join the (discussion|conversation))\b/i,
  /^(tags?|tagged|filed under|categories|category|posted in|topics?)\s*[:：]/i,
  /\butm_[a-z]+=|feedburner|feedsportal|feeds\.feedblitz|\btracking pixel\b/i,
  /^(\[?(…|\.\.\.|&hellip;)\]?|›|»|→)$/,
  /^(the )?(previous|next) (post|article|story|episode)\s*[:：]?/i,
  /^(if you (like|enjoyed) (this|what you read)|support (us|our work|this site))\b/i,
  /^(posted|published|updated|written) (by|on|at)\b.{0,80}$/i,
];

/** A tail that ends a sentence but is not part of it. */
const BOILERPLATE_TAILS: RegExp[] = [
  /(?<=^|[.!?…"”:)\]])\s*(\(|\[)?(continue|keep) reading\b.*$/i,
  /(?<=^|[.!?…"”:)\]])\s*(\(|\[)?read (the )?(more|full|rest|original|whole)\b.*$/i,
  /\s*\[(…|\.\.\.|&hellip;)\]\s*$/,
  /\s*The post .{1,200} appeared first on .*$/i,
  /\s*(›|»|→)+\s*$/,
];

export function isBoilerplateLine(line: string): boolean {
  const text = line.trim();
  return text.length > 0 && BOILERPLATE_LINES.some((pattern) => pattern.test(text));
}

/** The text without its boilerplate lines and tails; line breaks kept. */
export function removeBoilerplate(text: string): string {
  return text
    .split('\n')
    .map((line) => BOILERPLATE_TAILS.reduce((kept, tail) => kept.replace(tail, ''), line.trim()))
    .filter((line) => line.length > 0 && !isBoilerplateLine(line))
    .join('\n');
}
