// Article extraction on saved pages: a news page full of chrome, a blog post without <article>, lazy
// images and articleBody, and a page with no article at all.
import { describe, expect, it } from 'vitest';
import { extractArticle } from './extract';
import blogPost from './testdata/pages/blog-post.html?raw';
import lazyImages from './testdata/pages/lazy-images.html?raw';
import newsArticle from './testdata/pages/news-article.html?raw';
import noArticle from './testdata/pages/no-article.html?raw';

describe('extractArticle', () => {
  it('finds the story in a news page with navigation, sidebar, share buttons and comments', () => {
    const article = extractArticle(newsArticle, 'https://news.example.com/2025/01/river-restoration');
    expect(article?.title).toBe('River restoration brings salmon back to the valley after forty years');
    const content = article?.content ?? '';
    expect(content).toContain('For the first time in four decades');
    expect(content).toContain('The last paragraph of the story');
    expect(content).toContain(
      '<img src="https://news.example.com/images/salmon-ladder.jpg" alt="A fish ladder beside the old weir" width="1200" height="800">',
    );
    for (const noise of [
      'Subscribe to our newsletter',
      'Most read',
      'Share on',
      'Great article',
      'Sections',
      'All rights reserved',
      'analytics',
      'Related stories',
    ]) {
      expect(content).not.toContain(noise);
    }
    expect(content).not.toMatch(/<script|onclick|class=/);
    expect(article?.textLength).toBeGreaterThan(1500);
  });

  it('finds a blog post without an <article> element by scoring its paragraphs', () => {
    const article = extractArticle(blogPost, 'https://ada.example.org/notes/why-i-still-use-rss.html');
    expect(article?.title).toBe('Why I still use RSS');
    const content = article?.content ?? '';
    expect(content).toContain('Every morning I open my reader');
    expect(content).toContain(
      '<a href="https://ada.example.org/notes/feeds.opml" rel="noopener noreferrer" target="_blank">my subscriptions</a>',
    );
    expect(content).toContain('<pre><code>');
    expect(content).toContain('That is all, really.');
    expect(content).not.toContain('Blogroll');
    expect(content).not.toContain('Leave a comment');
    expect(content).not.toContain('Archives');
  });

  it('uses the real source of lazy-loaded images and the articleBody the page marks', () => {
    const article = extractArticle(lazyImages, 'https://magazine.example.net/features/night-trains');
    const content = article?.content ?? '';
    expect(content).toContain('<img src="https://magazine.example.net/media/sleeper-cabin.jpg" alt="A sleeper cabin">');
    expect(content).not.toContain('data:image');
    expect(content).toContain('night trains are back');
    expect(content).not.toContain('Sign up');
  });

  it('answers null for a page without an article', () => {
    expect(extractArticle(noArticle, 'https://shop.example.com/')).toBeNull();
    expect(extractArticle('', 'https://example.com/')).toBeNull();
    expect(extractArticle('<html><body><p>Too short.</p></body></html>', 'https://example.com/')).toBeNull();
  });
});
