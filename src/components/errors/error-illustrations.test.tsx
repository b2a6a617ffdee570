import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ForbiddenIllustration, NotFoundIllustration } from './error-illustrations';

describe('the error pages’ drawings', () => {
  for (const [name, Drawing] of [
    ['404', NotFoundIllustration],
    ['403', ForbiddenIllustration],
  ] as const) {
    it(`${name}: inline, hidden from assistive technology, in the theme's tokens only`, () => {
      const html = renderToString(<Drawing />);
      expect(html).toMatch(/^<svg[^>]* aria-hidden="true"/);
      // No request: no image, no link, no url() to another file.
      expect(html).not.toMatch(/<image|href=|url\(/);
      // No colour of its own: the dark theme and a rebrand repaint it.
      expect(html).not.toMatch(/#[0-9a-f]{3,8}\b|rgb\(|hsl\(|oklch\(/i);
      expect(html).not.toMatch(/(fill|stroke)="(?!none")/);
      expect(html).toContain('stroke-brand');
    });
  }
});
