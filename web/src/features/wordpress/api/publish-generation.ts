// POST /api/wordpress/publish (spec §4, §7): a generation becomes a WordPress post, as a draft or
// published, with its title, categories, tags and a featured image (the generation's, the article's, or
// a new one).
import type { FeaturedImageSource, PublishResult } from '@contracts/wordpress';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { client } from '@/lib/api-client';

export type { PublishResult };

export type PublishInput = {
  generationId: number;
  wordpressSiteId: number;
  status: 'draft' | 'publish';
  categories: number[];
  /** Where the featured image comes from, or false for none. */
  featuredImage: FeaturedImageSource | false;
  title: string;
  tags: string[];
};

export function publishGeneration(input: PublishInput): Promise<PublishResult> {
  return client.wordpress.publish.$post({ json: input }).then((response) => response.json());
}

export function publishMutationOptions() {
  return mutationOptions({ mutationKey: ['wordpress', 'publish'], mutationFn: publishGeneration });
}

export function usePublishGeneration() {
  return useMutation(publishMutationOptions());
}
