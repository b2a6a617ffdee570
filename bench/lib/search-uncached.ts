// Every term new, sent one at a time, so each figure is one search's cost; 1–2 letters cannot use a trigram index.
import type { HttpClient } from './http-client.ts';
import { latencies, type Latencies } from './http-client.ts';

export interface FreshTerm {
  term: string;
  word: boolean;
}

/** Random strings of 1–6 letters alternating with words of the data, none twice. */
export function freshTerms(words: string[], count: number, rand: () => number): FreshTerm[] {
  const used = new Set<string>();
  const terms: FreshTerm[] = [];
  const pool = [...words];
  for (let tries = 0; terms.length < count && tries < count * 100; tries++) {
    let term: string;
    const word = terms.length % 2 === 1 && pool.length > 0;
    if (word) {
      term = pool.splice(Math.floor(rand() * pool.length), 1)[0]!;
    } else {
      const length = 1 + Math.floor(rand() * 6);
      term = Array.from({ length }, () => String.fromCharCode(97 + Math.floor(rand() * 26))).join('');
    }
    if (used.has(term)) continue;
    used.add(term);
    terms.push({ term, word });
  }
  return terms;
}

export interface UncachedRun extends Latencies {
  errors: number;
  byLength: Record<string, Latencies>;
}

export async function searchUncached(
  client: HttpClient,
  terms: FreshTerm[],
  request: (term: string) => { path: string; headers: Record<string, string> },
  options: { seconds: number; onTick?: (done: number) => void },
): Promise<UncachedRun> {
  const end = performance.now() + options.seconds * 1000;
  const all: number[] = [];
  const groups: Record<string, number[]> = { '1-2 letters': [], '3-6 letters': [], words: [] };
  let errors = 0;
  for (const { term, word } of terms) {
    if (performance.now() >= end) break;
    const answer = await client.send({ method: 'GET', ...request(term) });
    if (answer.status !== 200) {
      errors++;
      continue;
    }
    all.push(answer.ms);
    const group = word ? 'words' : term.length <= 2 ? '1-2 letters' : '3-6 letters';
    groups[group]!.push(answer.ms);
    options.onTick?.(all.length);
  }
  const byLength = Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, latencies(v)]));
  return { ...latencies(all), errors, byLength };
}
