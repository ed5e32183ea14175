import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { createServices } from '../services';
import { recordedRequests, restoreAi, useFakeAi } from '../test/ai';
import { detectImageType } from './images';

afterEach(restoreAi);

describe('images through Replicate', () => {
  it('checks image bytes by their magic numbers', () => {
    const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array(12).fill(0)]);
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(detectImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(detectImageType(bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61))).toBe('image/gif');
    expect(detectImageType(new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]))).toBe(
      'image/webp',
    );
    expect(detectImageType(new TextEncoder().encode('<html><script>'))).toBeNull();
  });

  it('creates a prediction, polls it, and stores the JPEG in R2', async () => {
    useFakeAi();
    for (const prompt of ['a calm sea', 'FAKE_SLOWIMAGE lighthouse']) {
      const key = await createServices(env).images.draw(7, prompt, 10_000);
      expect(key).toMatch(/^generations\/7-[\w-]+\.jpg$/);
      const object = await env.IMAGES.get(key);
      expect(object?.httpMetadata?.contentType).toBe('image/jpeg');
      expect(detectImageType(new Uint8Array(await (object as R2ObjectBody).arrayBuffer()))).toBe('image/jpeg');
    }
    const [created] = await recordedRequests('/replicate/v1/models/', 'a calm sea');
    expect(created?.headers.authorization).toMatch(/^Bearer r8_/);
    expect(created?.headers.prefer).toMatch(/^wait/);
  });

  it('refuses an output that is not an image, and reports a failed prediction', async () => {
    useFakeAi();
    await expect(createServices(env).images.draw(8, 'FAKE_NOTIMAGE', 10_000)).rejects.toThrow(/not an image/);
    await expect(createServices(env).images.draw(8, 'FAKE_FAILIMAGE', 10_000)).rejects.toThrow(
      /could not make this image/,
    );
    const listed = await env.IMAGES.list({ prefix: 'generations/8-' });
    expect(listed.objects).toEqual([]);
  });
});
