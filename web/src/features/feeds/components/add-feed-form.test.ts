import { describe, expect, it } from 'vitest';
import { emptyAddFeedForm, NEW_CATEGORY, shouldFetchPreview, validateAddFeedForm } from './add-feed-form';

const valid = { ...emptyAddFeedForm('https://blog.example.com/feed.xml'), name: 'Example blog' };

describe('the add-feed form', () => {
  it('asks for a valid URL and a name, with the spec’s messages', () => {
    const result = validateAddFeedForm({ ...emptyAddFeedForm(), url: 'not a url' });
    expect(result).toEqual({
      ok: false,
      errors: { url: 'Please enter a valid URL', name: 'Feed name is required' },
    });
    expect(validateAddFeedForm({ ...valid, url: 'javascript:alert(1)' })).toMatchObject({
      ok: false,
      errors: { url: 'Please enter a valid URL' },
    });
    expect(validateAddFeedForm({ ...valid, name: '   ' })).toMatchObject({
      ok: false,
      errors: { name: 'Feed name is required' },
    });
  });

  it('submits trimmed values, no category and "include in AI" by default', () => {
    expect(validateAddFeedForm({ ...valid, url: '  https://blog.example.com/feed.xml ', name: ' Blog ' })).toEqual({
      ok: true,
      data: { url: 'https://blog.example.com/feed.xml', name: 'Blog', category: { kind: 'none' }, includeInAi: true },
    });
  });

  it('takes an existing category by id, or a new one by name', () => {
    expect(validateAddFeedForm({ ...valid, categoryId: '7', includeInAi: false })).toMatchObject({
      ok: true,
      data: { category: { kind: 'existing', id: 7 }, includeInAi: false },
    });
    expect(validateAddFeedForm({ ...valid, categoryId: NEW_CATEGORY, newCategory: ' Tech ' })).toMatchObject({
      ok: true,
      data: { category: { kind: 'new', name: 'Tech' } },
    });
  });

  it('needs a name for a new category', () => {
    expect(validateAddFeedForm({ ...valid, categoryId: NEW_CATEGORY, newCategory: '' })).toEqual({
      ok: false,
      errors: { newCategory: 'Category name is required' },
    });
  });

  it('rejects a category id that is not one', () => {
    expect(validateAddFeedForm({ ...valid, categoryId: '-1' })).toMatchObject({ ok: false });
  });

  it('looks up the title only for a valid URL and an empty name', () => {
    expect(shouldFetchPreview({ url: 'https://blog.example.com/', name: '' })).toBe(true);
    expect(shouldFetchPreview({ url: 'https://blog.example.com/', name: 'Mine' })).toBe(false);
    expect(shouldFetchPreview({ url: 'blog.example.com', name: '' })).toBe(false);
  });
});
