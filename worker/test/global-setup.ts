// The fake upstream servers (feeds, email API, AI API …) on 127.0.0.1 speak the real services' HTTP APIs.
// vitest.config.ts starts one for each Worker test runner as the runner starts, so that runners running
// at once never share one's state; this closes them all when the run ends.
import { startedFakeUpstreams } from './fake-upstreams/server';

export default function setup() {
  return async () => {
    await Promise.all(startedFakeUpstreams.splice(0).map((close) => close()));
  };
}
