// Helpers for tests of safeFetch: the refusal it throws, and the messages people see.
import { SafeFetchError } from '../net/safe-fetch';

export const PRIVATE = 'This address points to a private network and cannot be fetched';
export const SCHEME = 'Only http and https URLs can be fetched';

export async function failure(promise: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SafeFetchError) return error;
    throw error;
  }
  throw new Error('expected a SafeFetchError');
}
