// What a test PUTs to /scripted/<name>: the answer the fake upstream then serves for that feed. Shared,
// type only, by the fake server (Node) and the Worker tests (workerd) that script it.
export type Script = {
  body: string;
  contentType?: string;
  status?: number;
  etag?: string;
  lastModified?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Answer nothing until the test releases the feed (POST /scripted-release/<name>): no real wait. */
  held?: boolean;
};
