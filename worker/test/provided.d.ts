// Values the Vitest global setups hand to tests with `provide` (worker tests and the browser suite).
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    fakeUpstreamHosts: string;
    fakeUpstreamUrl: string;
    baseURL: string;
    stripeWebhookSecret: string;
    /** The browser suite: where a failed test writes what its pages did (printed at the suite's end). */
    failureReportFile: string;
    /** The browser suite: the app's log (a failed test marks its end there: e2e/start-app.ts). */
    serverLogFile: string;
    /** FEEDLOOM_COUNT_D1=1: the Worker test files count their D1 calls (worker/test/apply-migrations.ts). */
    countD1Calls: boolean;
  }
}
