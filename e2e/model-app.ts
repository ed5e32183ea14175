// A second app under test, configured as production is with a model key: OPENROUTER_API_KEY and
// AI_BASE_URL point at the fake OpenAI-compatible API of the fake upstreams on 127.0.0.1, so summaries
// and digests go through the online model's real path (the openai SDK, the strict citation parse, the
// second call that checks support). Its key makes the fake answer every summary with the first sentence
// of each item, each cited, and one sentence no item says (worker/test/fake-upstreams/openai.ts).
// The suite's own app keeps no key: the offline model's tests need it that way.
import { inject } from 'vitest';
import { CITING_KEY } from '../worker/test/fake-upstreams/openai';
import { type RunningApp, startApp } from './start-app';

export { INVENTED_SENTENCE } from '../worker/test/fake-upstreams/openai';

export function startAppWithModel(): Promise<RunningApp> {
  const upstream = new URL(inject('fakeUpstreamUrl'));
  return startApp({
    stateDir: `e2e/.state/model-${process.pid}`,
    logFile: `e2e/.state/model-${process.pid}.log`,
    upstreamHost: upstream.host,
    vars: { OPENROUTER_API_KEY: CITING_KEY, AI_BASE_URL: `${upstream.origin}/openai/v1` },
  });
}
