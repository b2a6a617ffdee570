import { describe, expect, it } from 'vitest';
import { titleSize } from './book-cover';

const size = (title: string) => Number.parseFloat(titleSize(title));

describe('a drawn cover’s title size', () => {
  it('keeps a short title large', () => {
    expect(size('Dracula')).toBe(14);
    expect(size('Pride and Prejudice')).toBeGreaterThan(12);
  });

  it('shrinks as a title grows, so it fits instead of being cut', () => {
    const titles = [
      'The Time Machine',
      'The Strange Case of Dr Jekyll and Mr Hyde',
      'The Life and Strange Surprizing Adventures of Robinson Crusoe, of York, Mariner',
    ];
    const sizes = titles.map(size);
    expect(sizes[0]).toBeGreaterThan(sizes[1]!);
    expect(sizes[1]).toBeGreaterThan(sizes[2]!);
    // About 76 letters: smaller than the old fixed 12, still readable.
    expect(sizes[2]).toBeLessThanOrEqual(10);
    expect(sizes[2]).toBeGreaterThanOrEqual(7);
  });

  it('fits its longest word on a line', () => {
    expect(size('Supercalifragilisticexpialidocious')).toBeLessThanOrEqual(7.5);
  });
});
