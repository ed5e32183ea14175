// The two calls `api` cannot make: one reads a response header (the item list's next-page cursor) and one
// sends a non-JSON body (an OPML file). Failures read exactly like `api`'s: Error("{status}: {body}").
export async function requestRaw(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, {
    ...init,
    credentials: 'include',
    headers: { Accept: 'application/json', ...(init.headers as Record<string, string> | undefined) },
  });
  if (!response.ok) {
    const text = await response.text();
    throw new Error(`${response.status}: ${text || response.statusText}`);
  }
  return response;
}
