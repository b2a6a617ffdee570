import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi.ts';

describe('GET /api/openapi document', () => {
  it('is a valid OpenAPI 3.1 document describing the product API and the auth API', async () => {
    const doc = (await openApiDocument()) as unknown as { openapi: string; paths: Record<string, Record<string, unknown>> };
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(doc.paths['/api/rpc/books']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/rpc/books/{id}']!).sort()).toEqual(['delete', 'get', 'put']);
    expect(doc.paths['/api/rpc/genres']).toBeDefined();
    expect(doc.paths['/api/auth/sign-in/email-otp']).toBeDefined();
    expect(doc.paths['/api/auth/get-session']).toBeDefined();
    expect(Object.keys(doc.paths['/api/images/users/{id}']!).sort()).toEqual(['delete', 'put']);
    expect(Object.keys(doc.paths['/api/images/books/{id}']!).sort()).toEqual(['delete', 'put']);
  });
});
