// WordPress sites and publishing (spec §3, §4, §7), shared by the Worker and the SPA.
import { z } from 'zod';

export const siteUrlSchema = z
  .string({ error: 'Please enter the site URL' })
  .trim()
  .max(2048, 'The URL is too long')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'Please enter a valid URL');

export const addSiteSchema = z.object({
  name: z
    .string({ error: 'Site name is required' })
    .trim()
    .min(1, 'Site name is required')
    .max(100, 'Site name is too long'),
  url: siteUrlSchema,
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(200),
  applicationPassword: z
    .string({ error: 'Application password is required' })
    .trim()
    .min(1, 'Application password is required')
    .max(200, 'Application password is too long'),
  isDefault: z.boolean().optional(),
});

export const updateSiteSchema = addSiteSchema.partial();

export const publishSchema = z.object({
  generationId: z.number({ error: 'Choose a generation to publish' }).int().positive(),
  wordpressSiteId: z.number({ error: 'Choose a WordPress site' }).int().positive(),
  status: z.enum(['draft', 'publish'], { error: 'Status must be draft or publish' }),
  categories: z.array(z.number().int().positive()).max(50).default([]),
  featuredImage: z.union([z.boolean(), z.string().max(2048), z.null()]).optional(),
});

export type WordPressSite = { id: number; name: string; url: string; username: string; isDefault: boolean };
export type WordPressSiteInfo = { categories: { id: number; name: string; count: number }[] };
export type PublishResult = { success: boolean; message: string; postUrl: string | null };
