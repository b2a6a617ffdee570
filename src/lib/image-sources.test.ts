import { describe, expect, it } from 'vitest';
import { imageSources } from './image-sources';

describe('imageSources', () => {
  it('gives the three stored widths of one of our pictures, and any other URL as it is', () => {
    expect(imageSources('/uploads/users/u1/0123abcd-256.webp')).toEqual({
      src: '/uploads/users/u1/0123abcd-256.webp',
      srcSet: '/uploads/users/u1/0123abcd-64.webp 64w, /uploads/users/u1/0123abcd-256.webp 256w, /uploads/users/u1/0123abcd-768.webp 768w',
    });
    expect(imageSources('https://avatars.githubusercontent.com/u/1?v=4')).toEqual({ src: 'https://avatars.githubusercontent.com/u/1?v=4' });
  });
});
