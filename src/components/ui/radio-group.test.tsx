import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RadioGroup, RadioGroupItem } from './radio-group';
import { Textarea } from './textarea';

const radios = (html: string) => [...html.matchAll(/<input[^>]*>/g)].map(([tag]) => tag);

describe('RadioGroup', () => {
  it('is one named group of native radios, the chosen value checked, the refusal on every item', () => {
    const html = renderToString(
      <RadioGroup name="rating" value="2" aria-invalid aria-labelledby="legend">
        {['1', '2', '3'].map((v) => (
          <RadioGroupItem key={v} value={v} aria-label={v} />
        ))}
      </RadioGroup>,
    );
    expect(html).toContain('role="radiogroup"');
    expect(html).toContain('aria-labelledby="legend"');
    const items = radios(html);
    expect(items).toHaveLength(3);
    expect(items.every((tag) => tag.includes('type="radio"') && tag.includes('name="rating"') && tag.includes('aria-invalid="true"'))).toBe(
      true,
    );
    expect(items.map((tag) => tag.includes('checked=""'))).toEqual([false, true, false]);
  });

  it('checks none while no value is chosen, and disables every item with the group', () => {
    const items = radios(
      renderToString(
        <RadioGroup value={undefined} disabled>
          <RadioGroupItem value="a" />
          <RadioGroupItem value="b" />
        </RadioGroup>,
      ),
    );
    expect(items.some((tag) => tag.includes('checked=""'))).toBe(false);
    expect(items.every((tag) => tag.includes('disabled=""'))).toBe(true);
  });
});

describe('Textarea', () => {
  it('is a textarea with its value and the refusal state it is given', () => {
    const html = renderToString(<Textarea aria-invalid defaultValue="Line one" />);
    expect(html).toMatch(/^<textarea[^>]*aria-invalid="true"[^>]*>Line one<\/textarea>$/);
  });
});
