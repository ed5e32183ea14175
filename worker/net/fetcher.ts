// The outbound fetcher that services.ts hands to every request, queue batch and cron run: safeFetch
// bound to the hosts this deployment exempts from the private-address rule (FETCH_ALLOW_HOSTS, parsed
// once in config.ts), so no caller carries the allow-list around or can forget it.
import { isAllowedHost, isPublicUrl, type SafeFetchOptions, type SafeFetchResponse, safeFetch } from './safe-fetch';

export type FetchOptions = Omit<SafeFetchOptions, 'allowHosts'>;

export type UrlFetcher = {
  /** safeFetch with the deployment's allow-list: every user-supplied URL goes through it. */
  fetch(url: string, options?: FetchOptions): Promise<SafeFetchResponse>;
  /** Whether `url` may be fetched at all, for checking a URL someone typed without fetching it. */
  isPublicUrl(url: string): boolean;
  /** Whether `url` names a host on the allow-list (local runs and tests), which may use plain http. */
  isAllowListed(url: URL): boolean;
};

export function createUrlFetcher(allowHosts: string): UrlFetcher {
  return {
    fetch: (url, options = {}) => safeFetch(url, { ...options, allowHosts }),
    isPublicUrl: (url) => isPublicUrl(url, allowHosts),
    isAllowListed: (url) => isAllowedHost(url, allowHosts),
  };
}
