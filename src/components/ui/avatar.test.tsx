import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar';

const tone = (html: string) => /bg-[a-z]+-700/.exec(html)?.[0];

describe('Avatar', () => {
  it('keeps one colour for a person whose name changes: the colour follows the id', () => {
    const before = renderToString(<Avatar id="user-42" name="Grace Hopper" />);
    const after = renderToString(<Avatar id="user-42" name="Grace Brewster Murray Hopper" />);
    expect(tone(before)).toBeDefined();
    expect(tone(after)).toBe(tone(before));
    // Initials follow the name.
    expect(before).toContain('>GH<');
    expect(after).toContain('>GH<');
  });

  it('gives two people of one name the colours of their ids', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const tones = new Set(ids.map((id) => tone(renderToString(<Avatar id={id} name="Sam Lee" />))));
    expect(tones.size).toBeGreaterThan(1);
  });
});
