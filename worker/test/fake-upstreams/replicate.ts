// Replicate's HTTP API under /replicate/v1: create a prediction on an official model
// (POST /models/<owner>/<name>/predictions, honouring `Prefer: wait`) and read one back
// (GET /predictions/<id>); the images it "makes" are served from /replicate/files/. A magic word in the
// prompt picks a misbehaviour: FAKE_SLOWIMAGE (still processing; done on the first poll), FAKE_FAILIMAGE
// (the prediction fails), FAKE_NOTIMAGE (the output URL serves HTML, not an image). No bearer → 401.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeRoute } from './server';

/**
 * The smallest baseline JPEG we could build by hand: 1×1 grey, one 8-bit component. Quantisation
 * table of ones, a DC and an AC Huffman table with a single one-bit code each (DC category 0, AC
 * end-of-block), and the scan's two bits (0, 0) padded with ones.
 */
// biome-ignore format: one marker segment per line
export const TINY_JPEG = Buffer.from([
  0xff, 0xd8, // SOI
  0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, // APP0 JFIF
  0xff, 0xdb, 0x00, 0x43, 0x00, ...new Array<number>(64).fill(1), // DQT
  0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00, // SOF0 1×1, 1 component
  0xff, 0xc4, 0x00, 0x14, 0x00, 0x01, ...new Array<number>(15).fill(0), 0x00, // DHT DC0: one code → category 0
  0xff, 0xc4, 0x00, 0x14, 0x10, 0x01, ...new Array<number>(15).fill(0), 0x00, // DHT AC0: one code → EOB
  0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, // SOS
  0x3f, // scan data
  0xff, 0xd9, // EOI
]);

type Prediction = { id: string; status: string; output: string[] | null; error: string | null };

/** The Replicate of one fake server, with the predictions made there: each test runner has its own. */
export function replicateRoute(): FakeRoute {
  const predictions = new Map<string, Prediction>();
  return (req, body, res) => routeReplicate(predictions, req, body, res);
}

function routeReplicate(
  predictions: Map<string, Prediction>,
  req: IncomingMessage,
  body: string,
  res: ServerResponse,
): boolean {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (!url.pathname.startsWith('/replicate/')) return false;
  const base = `http://${req.headers.host}/replicate`;
  const json = (status: number, payload: unknown) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(payload));
  };
  if (url.pathname.startsWith('/replicate/files/')) {
    if (url.pathname.endsWith('/not-an-image.jpg')) {
      res.setHeader('content-type', 'image/jpeg'); // it says so; the bytes say otherwise
      res.end('<html><script>alert(1)</script></html>');
    } else {
      res.setHeader('content-type', 'image/jpeg');
      res.end(TINY_JPEG);
    }
    return true;
  }
  if (!req.headers.authorization?.startsWith('Bearer ')) {
    json(401, { title: 'Unauthenticated', detail: 'You did not pass an authentication token', status: 401 });
    return true;
  }
  const create = url.pathname.match(/^\/replicate\/v1\/models\/[\w.-]+\/[\w.-]+\/predictions$/);
  if (req.method === 'POST' && create) {
    const prompt = String((JSON.parse(body) as { input?: { prompt?: string } }).input?.prompt ?? '');
    const id = Math.random().toString(36).slice(2, 12);
    const output = [prompt.includes('FAKE_NOTIMAGE') ? `${base}/files/not-an-image.jpg` : `${base}/files/${id}.jpg`];
    const prediction: Prediction = prompt.includes('FAKE_FAILIMAGE')
      ? { id, status: 'failed', output: null, error: 'The model could not draw this' }
      : prompt.includes('FAKE_SLOWIMAGE')
        ? { id, status: 'processing', output, error: null }
        : { id, status: 'succeeded', output, error: null };
    predictions.set(id, prediction);
    json(201, {
      ...prediction,
      output: prediction.status === 'succeeded' ? output : null,
      urls: { get: `${base}/v1/predictions/${id}` },
    });
    return true;
  }
  const get = url.pathname.match(/^\/replicate\/v1\/predictions\/([\w-]+)$/);
  if (req.method === 'GET' && get?.[1]) {
    const prediction = predictions.get(get[1]);
    if (!prediction) {
      json(404, { detail: 'Not found' });
      return true;
    }
    if (prediction.status === 'processing') prediction.status = 'succeeded';
    json(200, prediction);
    return true;
  }
  json(404, { detail: 'Not found' });
  return true;
}
