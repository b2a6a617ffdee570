import { describe, expect, it } from 'vitest';
import { routeLabel } from './metrics.ts';

describe('the route label of a request’s metrics', () => {
  it('keeps a path, turns ids into :id, and gives files and unknown paths one label each', () => {
    expect(routeLabel('/app/books', 200)).toBe('/app/books');
    expect(routeLabel('/api/rpc/books/0b9e4c1a-6f2d-4a57-9a39-2c1f0c7e9b11', 200)).toBe('/api/rpc/books/:id');
    expect(routeLabel('/manager/users/Xk3f9aQ7bLm2Pq8Rz1Tv4Wy6', 200)).toBe('/manager/users/:id');
    expect(routeLabel('/manager/users/Xk3f9aQ7bLm2Pq8Rz1Tv4Wy6/sessions', 200)).toBe('/manager/users/:id/sessions');
    expect(routeLabel('/api/rpc/books/42', 200)).toBe('/api/rpc/books/:id');
    // Words stay words, however long.
    expect(routeLabel('/api/auth/send-verification-otp', 200)).toBe('/api/auth/send-verification-otp');
    expect(routeLabel('/assets/index-Bx7f2k.js', 200)).toBe('/assets/*');
    expect(routeLabel('/uploads/users/abc/picture-256.webp', 200)).toBe('/uploads/*');
    expect(routeLabel('/wp-admin/setup.php', 404)).toBe('(not found)');
  });
});
