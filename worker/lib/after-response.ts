// Work a request decided on but need not wait for (a span to remember, an app password's "last used"),
// run once its response has been handed back: started a task later, so it never holds the answer up,
// and with no one left to answer, its failure is logged, not thrown.
import { errorFields, log } from './log';

export function afterResponse(waitUntil: (work: Promise<unknown>) => void, work: () => Promise<unknown>) {
  waitUntil(
    new Promise((started) => setTimeout(started, 0))
      .then(work)
      .catch((error) => log.error('after_response_failed', errorFields(error))),
  );
}
