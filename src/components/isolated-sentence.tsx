import type { ReactNode } from 'react';

const OPEN = '\uE000';
const CLOSE = '\uE001';

/**
 * A translated sentence with people's words in it (a name, an e-mail, a search term), each word in
 * its own `<bdi>`: "Ada's Club" keeps its order inside an Arabic sentence, and the quotes around a
 * search term stay where the language puts them. The text is the plain sentence (no invisible
 * marks), so it reads, copies and matches as written.
 *
 *   isolatedSentence((word) => t('list.results', { count, total, searchTerm: word(term) }))
 */
export function isolatedSentence(sentence: (word: (text: string) => string) => string): ReactNode {
  const words: string[] = [];
  const text = sentence((word) => `${OPEN}${words.push(word) - 1}${CLOSE}`);
  const parts = text.split(new RegExp(`${OPEN}(\\d+)${CLOSE}`));
  // split() with a group: even parts are the sentence's own text, odd ones the index of a word.
  return parts.map((part, i) => (i % 2 === 1 ? <bdi key={i}>{words[Number(part)]}</bdi> : part));
}
