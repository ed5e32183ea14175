import { describe, expect, it } from 'vitest';
import { articleLoadError } from './article-dialog';

describe('articleLoadError', () => {
  it('says the server could not give the article when it answered with an error', () => {
    expect(articleLoadError(new Error('502: {"message":"The page could not be fetched"}'))).toBe(
      'Failed to load full article content',
    );
  });

  it('says "An error occurred while loading the content" when nothing answered (spec §8)', () => {
    expect(articleLoadError(new TypeError('Failed to fetch'))).toBe('An error occurred while loading the content');
  });
});
