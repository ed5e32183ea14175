// The platform record as the person meets it: the dialog's options in order, what each costs, which are
// Pro, what a generation card calls its content type, and that the offline model keeps each platform's
// length. Adding a platform adds its line to the catalogue below; the other checks cover it unchanged.
import { describe, expect, it } from 'vitest';
import { contentTypeLabels } from '../contracts/ai';
import { PLAN_PLATFORM_LINES } from '../contracts/plans';
import { PLATFORM_LIST } from '../contracts/platforms';
import { htmlToPlainText } from '../html/text';
import { article, task } from '../test/ai-sources';
import { OFFLINE_LABEL, writeOffline } from './offline';
import { platformForContentType } from './platforms';

describe('the rewrite platforms', () => {
  it('offers spec §3’s platforms in the dialog’s order, at spec §9’s costs, the social ones for Pro', () => {
    const catalogue = PLATFORM_LIST.map(({ id, name, contentType, credits, pro }) => ({
      id,
      name,
      contentType,
      label: contentTypeLabels[contentType],
      credits,
      pro,
    }));
    expect(catalogue).toEqual([
      {
        id: 'text_summary',
        name: 'Text Summary',
        contentType: 'text_summary',
        label: 'Text Summary',
        credits: 1,
        pro: false,
      },
      {
        id: 'blog',
        name: 'Blog Post (1000-1200 words)',
        contentType: 'blog_post',
        label: 'Blog Post',
        credits: 2,
        pro: true,
      },
      {
        id: 'twitter',
        name: 'Twitter/X',
        contentType: 'twitter_post',
        label: 'Twitter/X Post',
        credits: 1,
        pro: true,
      },
      {
        id: 'facebook',
        name: 'Facebook',
        contentType: 'facebook_post',
        label: 'Facebook Post',
        credits: 1,
        pro: true,
      },
      {
        id: 'instagram',
        name: 'Instagram',
        contentType: 'instagram_post',
        label: 'Instagram Post',
        credits: 1,
        pro: true,
      },
      {
        id: 'email',
        name: 'Email',
        contentType: 'email_newsletter',
        label: 'Email Newsletter',
        credits: 1,
        pro: true,
      },
    ]);
  });

  it('gives each platform its own content type, so a generation leads back to its platform', () => {
    for (const platform of PLATFORM_LIST) {
      expect(platformForContentType(platform.contentType)?.id, platform.id).toBe(platform.id);
    }
  });

  it('advertises on the plan cards exactly the platforms each plan may use', () => {
    expect(PLAN_PLATFORM_LINES.free).toContain('Article rewrites: Text Summary');
    expect(PLAN_PLATFORM_LINES.pro).toContain('Article rewrites: Blog Post, Twitter/X, Facebook, Instagram and Email');
  });

  it('keeps every platform’s offline rewrite of a very long article within the platform’s limit', () => {
    const long = { ...article, title: 'A'.repeat(400), text: 'Batteries are everywhere now. '.repeat(2000) };
    const limited = PLATFORM_LIST.filter((platform) => platform.maxChars !== null);
    expect(limited.length).toBeGreaterThan(0);
    for (const platform of limited) {
      const html = writeOffline(task({ contentType: platform.contentType, items: [long] }));
      const body = htmlToPlainText(html).replace(OFFLINE_LABEL, '').trim();
      expect(body.length, platform.id).toBeGreaterThan(0);
      expect(body.length, platform.id).toBeLessThanOrEqual(platform.maxChars ?? 0);
    }
  });
});
