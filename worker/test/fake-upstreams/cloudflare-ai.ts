// Cloudflare's HTTP API for story threads across languages (stories/story-vectors.ts), under
// /cloudflare/accounts/<account>: Workers AI's POST /ai/run/@cf/baai/bge-m3 {text: [...]} and Vectorize
// v2's POST /vectorize/v2/indexes/<name>/upsert (NDJSON) and /query {vector, topK, returnMetadata}, in
// Cloudflare's envelope {success, result, errors}. No bearer → 401. Each index lives in memory (tests
// name their own).
//
// The fake model is multilingual the way a real one is for these tests: words of English, French and
// German that mean the same map to one concept (a small lexicon of the test stories' words); a text's
// vector is its concepts hashed into 64 dimensions and normalised, so two reports of one story in two
// languages are close and two stories about one company are not.
import type { FakeRoute } from './server';

const LEXICON: Record<string, string> = {
  rappel: 'recall',
  rappelle: 'recall',
  rappeler: 'recall',
  recalls: 'recall',
  recalling: 'recall',
  rückruf: 'recall',
  ruft: 'recall',
  zurück: 'recall',
  frein: 'brake',
  freins: 'brake',
  freinage: 'braking',
  bremse: 'brake',
  bremsen: 'brake',
  bremssensor: 'brake',
  capteur: 'sensor',
  capteurs: 'sensor',
  sensors: 'sensor',
  défectueux: 'faulty',
  défectueuse: 'faulty',
  fehlerhaft: 'faulty',
  fehlerhaften: 'faulty',
  berline: 'sedan',
  berlines: 'sedan',
  sedans: 'sedan',
  limousinen: 'sedan',
  voitures: 'car',
  voiture: 'car',
  cars: 'car',
  autos: 'car',
  millions: 'million',
  millionen: 'million',
  constructeur: 'carmaker',
  autobauer: 'carmaker',
  monde: 'worldwide',
  weltweit: 'worldwide',
  urgence: 'emergency',
  notbremsung: 'braking',
  propriétaires: 'owners',
  besitzer: 'owners',
  concessionnaires: 'dealers',
  händler: 'dealers',
  mois: 'month',
  monat: 'month',
  retarder: 'delay',
  verzögern: 'delay',
  lundi: 'monday',
  montag: 'monday',
  indiqué: 'said',
  annoncé: 'said',
  sagte: 'said',
  prochain: 'next',
  nächsten: 'next',
  contacteront: 'contact',
  contacted: 'contact',
  kontaktieren: 'contact',
  because: 'because',
  parce: 'because',
  weil: 'because',
  marathon: 'marathon',
  parrainera: 'sponsor',
  sponsors: 'sponsor',
  ville: 'city',
  coureurs: 'runners',
  ans: 'years',
  trois: 'three',
  électriques: 'electric',
  organisateurs: 'organisers',
  rivière: 'river',
};

const STOP = new Set(
  'the a an of to in on and is are for its it by at from that can will be le la l d qu que car les de des du un une et en à au aux est sont pour son sa ses par qui peut der die das und ist sind für sein seine von mit kann wird'.split(
    ' ',
  ),
);

const DIMENSIONS = 64;

function hash(text: string) {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ (char.codePointAt(0) ?? 0), 16777619);
  return h >>> 0;
}

/** The fake model's embedding of a text. */
export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}.]+/gu) ?? []) {
    const bare = word.replace(/\.$/, '');
    if (STOP.has(bare)) continue;
    const concept = LEXICON[bare] ?? bare;
    const slot = hash(concept) % DIMENSIONS;
    vector[slot] = (vector[slot] ?? 0) + 1;
  }
  const length = Math.hypot(...vector) || 1;
  return vector.map((value) => value / length);
}

const cosine = (a: number[], b: number[]) => a.reduce((sum, value, k) => sum + value * (b[k] ?? 0), 0);

type Stored = { id: string; values: number[]; metadata: Record<string, unknown> };

/** The route, with its indexes of its own (one fake server's). */
export const cloudflareAiRoute = (): FakeRoute => {
  const indexes = new Map<string, Map<string, Stored>>();
  return (req, body, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const match = /^\/cloudflare\/accounts\/[^/]+\/(.+)$/.exec(url.pathname);
    if (!match) return false;
    const answer = (status: number, result: unknown) => {
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({ success: status < 300, result, errors: status < 300 ? [] : [{ message: String(result) }] }),
      );
      return true;
    };
    if (!/^Bearer \S+/.test(req.headers.authorization ?? '')) return answer(401, 'Authentication error');
    const path = match[1] ?? '';
    if (req.method === 'POST' && path === 'ai/run/@cf/baai/bge-m3') {
      const { text } = JSON.parse(body) as { text: string[] };
      return answer(200, { shape: [text.length, DIMENSIONS], data: text.map(fakeEmbedding) });
    }
    const vectorize = /^vectorize\/v2\/indexes\/([^/]+)\/(upsert|query)$/.exec(path);
    if (req.method === 'POST' && vectorize) {
      const name = decodeURIComponent(vectorize[1] ?? '');
      const index = indexes.get(name) ?? new Map<string, Stored>();
      indexes.set(name, index);
      if (vectorize[2] === 'upsert') {
        const lines = body.split('\n').filter((line) => line.trim() !== '');
        for (const line of lines) {
          const vector = JSON.parse(line) as Stored;
          index.set(vector.id, vector);
        }
        return answer(200, { mutationId: `m-${index.size}` });
      }
      const { vector, topK } = JSON.parse(body) as { vector: number[]; topK: number };
      const matches = [...index.values()]
        .map((stored) => ({ id: stored.id, score: cosine(vector, stored.values), metadata: stored.metadata }))
        .sort((a, b) => b.score - a.score)
        .slice(0, topK);
      return answer(200, { count: matches.length, matches });
    }
    return answer(404, 'Route not found');
  };
};
