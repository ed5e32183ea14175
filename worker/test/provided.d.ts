// Values the Vitest global setups hand to tests with `provide` (worker tests and the browser suite).
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    fakeUpstreamHosts: string;
    fakeUpstreamUrl: string;
    baseURL: string;
    stripeWebhookSecret: string;
  }
}
