// Images through Replicate's HTTP API: create a prediction (waiting for it with `Prefer: wait`, then
// polling if it is still running), download the output through safeFetch, check the bytes really are an
// image, and keep it in R2 under generations/<id>-<random>.jpg (spec §9: downloaded images use .jpg).
// The API serves it from our own origin, so no page or email ever loads a third-party image.

import type { ReplicateConnection } from '../config';
import { toBase64Url } from '../lib/crypto';
import type { UrlFetcher } from '../net/fetcher';
import { SafeFetchError } from '../net/safe-fetch';
import { AiError } from './client';

/** A fast text-to-image model on Replicate's "official models" endpoint. */
export const IMAGE_MODEL = 'black-forest-labs/flux-schnell';
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const POLL_INTERVAL_MS = 1000;

/** Where the image model lives: config.ts defines it and reads it from the environment. */
export { DEFAULT_REPLICATE_BASE_URL, type ReplicateConnection } from '../config';

/**
 * Generated images on the service context: the R2 bucket that keeps them and the image model that
 * draws them, which is absent (canDraw false) when no Replicate token is configured.
 */
export type Images = {
  bucket: R2Bucket;
  canDraw: boolean;
  /** Makes an image for `prompt` and stores it in R2; returns its key (generations/<id>-<random>.jpg). */
  draw(generationId: number, prompt: string, timeoutMs: number): Promise<string>;
};

export function createImages(replicate: ReplicateConnection | null, bucket: R2Bucket, fetcher: UrlFetcher): Images {
  return {
    bucket,
    canDraw: replicate !== null,
    draw: async (generationId, prompt, timeoutMs) => {
      if (!replicate) {
        throw new AiError(
          'refused',
          'Images need a Replicate API token (REPLICATE_API_TOKEN), and none is configured.',
        );
      }
      return drawAndStore({ replicate, bucket, fetcher }, generationId, prompt, timeoutMs);
    },
  };
}

type Prediction = { id?: string; status?: string; output?: unknown; error?: unknown };

/** The image type from the first bytes (magic numbers), or null when it is not an image we serve. */
export function detectImageType(bytes: Uint8Array): string | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'image/gif';
  // RIFF....WEBP
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  ) {
    return 'image/webp';
  }
  return null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function callReplicate(
  connection: ReplicateConnection,
  path: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<Prediction> {
  const base = connection.baseUrl.replace(/\/+$/, '');
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${connection.token}`,
        'content-type': 'application/json',
        ...init.headers,
      },
      signal: AbortSignal.timeout(Math.max(1, timeoutMs)),
    });
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new AiError('timeout', 'The image service did not answer in time. Please try again.');
    }
    throw new AiError('upstream', 'Could not reach the image service. Please try again later.');
  }
  if (response.status === 429)
    throw new AiError('busy', 'The image service is busy right now. Please try again in a minute.');
  if (response.status === 401 || response.status === 403) {
    throw new AiError('refused', 'The image service refused our API token. Please ask the administrator to check it.');
  }
  if (!response.ok) throw new AiError('upstream', `The image service had a problem (error ${response.status}).`);
  try {
    return (await response.json()) as Prediction;
  } catch {
    throw new AiError('garbage', 'The image service sent an answer we could not read.');
  }
}

/** Runs a prediction to its end within `timeoutMs` and returns the first output URL. */
async function predict(connection: ReplicateConnection, prompt: string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const waitSeconds = Math.max(1, Math.min(60, Math.floor(timeoutMs / 1000)));
  let prediction = await callReplicate(
    connection,
    `/models/${IMAGE_MODEL}/predictions`,
    {
      method: 'POST',
      headers: { prefer: `wait=${waitSeconds}` },
      body: JSON.stringify({ input: { prompt, aspect_ratio: '16:9', output_format: 'jpg', num_outputs: 1 } }),
    },
    timeoutMs,
  );
  while (prediction.status === 'starting' || prediction.status === 'processing') {
    if (!prediction.id || !/^[\w-]+$/.test(prediction.id)) break;
    if (Date.now() + POLL_INTERVAL_MS > deadline) {
      throw new AiError('timeout', 'The image service did not finish in time. Please try again.');
    }
    await sleep(POLL_INTERVAL_MS);
    prediction = await callReplicate(
      connection,
      `/predictions/${prediction.id}`,
      { method: 'GET' },
      deadline - Date.now(),
    );
  }
  if (prediction.status !== 'succeeded') {
    const reason = typeof prediction.error === 'string' ? `: ${prediction.error.slice(0, 200)}` : '';
    throw new AiError('image', `The image service could not make this image${reason}.`);
  }
  const output = Array.isArray(prediction.output) ? prediction.output[0] : prediction.output;
  if (typeof output !== 'string') throw new AiError('garbage', 'The image service sent no image.');
  return output;
}

async function drawAndStore(
  { replicate, bucket, fetcher }: { replicate: ReplicateConnection; bucket: R2Bucket; fetcher: UrlFetcher },
  generationId: number,
  prompt: string,
  timeoutMs: number,
) {
  const started = Date.now();
  const url = await predict(replicate, prompt, timeoutMs);
  let bytes: Uint8Array;
  try {
    const response = await fetcher.fetch(url, {
      accept: 'image/jpeg, image/png, image/webp, image/gif',
      maxBytes: MAX_IMAGE_BYTES,
      timeoutMs: Math.max(5_000, timeoutMs - (Date.now() - started)),
    });
    if (response.status >= 400) throw new AiError('upstream', `The image download failed (error ${response.status}).`);
    bytes = response.body;
  } catch (error) {
    if (error instanceof AiError) throw error;
    const detail = error instanceof SafeFetchError ? error.message : 'network error';
    throw new AiError('upstream', `The image could not be downloaded (${detail}).`);
  }
  const contentType = detectImageType(bytes);
  if (!contentType) throw new AiError('image', 'The image service sent something that is not an image.');
  const key = `generations/${generationId}-${toBase64Url(crypto.getRandomValues(new Uint8Array(12)))}.jpg`;
  await bucket.put(key, bytes, { httpMetadata: { contentType } });
  return key;
}
