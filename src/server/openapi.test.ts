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
    // example:start
    expect(Object.keys(doc.paths['/api/rpc/books']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/rpc/books/{id}']!).sort()).toEqual(['delete', 'get', 'put']);
    expect(doc.paths['/api/rpc/genres']).toBeDefined();
    // example:end
    expect(Object.keys(doc.paths['/api/rpc/users']!).sort()).toEqual(['get', 'post']);
    expect(doc.paths['/api/auth/sign-in/email-otp']).toBeDefined();
    expect(doc.paths['/api/auth/get-session']).toBeDefined();
    expect(Object.keys(doc.paths['/api/images/users/{id}']!).sort()).toEqual(['delete', 'put']);
    // example:start
    expect(Object.keys(doc.paths['/api/images/books/{id}']!).sort()).toEqual(['delete', 'put']);
    // example:end
    expect(Object.keys(doc.paths['/api/images/organizations/{id}']!).sort()).toEqual(['delete', 'put']);
  });

  it('declares the API key, as a header or a bearer token, as its only security schemes, and names no other', async () => {
    const doc = (await openApiDocument()) as unknown as {
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { security?: Array<Record<string, unknown>> }>>;
    };
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiKey', 'bearer']);
    const named = new Set(
      Object.values(doc.paths).flatMap((item) =>
        Object.values(item).flatMap((operation) => (operation.security ?? []).flatMap((requirement) => Object.keys(requirement))),
      ),
    );
    expect([...named].sort()).toEqual(['apiKey', 'bearer']);
    expect(doc.paths['/api/rpc/users']!.get!.security).toEqual([{ apiKey: [] }, { bearer: [] }, {}]);
    expect(doc.paths['/api/auth/get-session']!.get!.security).toBeUndefined();
  });

  it('documents the organisation endpoints that are on, and only those', async () => {
    const doc = (await openApiDocument()) as unknown as { paths: Record<string, Record<string, unknown>> };
    for (const path of [
      '/api/auth/organization/create',
      '/api/auth/organization/update',
      '/api/auth/organization/delete',
      '/api/auth/organization/invite-member',
      '/api/auth/organization/cancel-invitation',
      '/api/auth/organization/accept-invitation',
      '/api/auth/organization/update-member-role',
      '/api/auth/organization/remove-member',
      '/api/auth/organization/create-team',
      '/api/auth/organization/add-team-member',
      '/api/rpc/organizations',
      '/api/rpc/organizations/{slug}',
      // example:start
      '/api/rpc/shelf',
      '/api/rpc/shelf/{id}',
      // example:end
      '/api/rpc/invitations/{id}',
      '/api/rpc/manager/organizations',
      '/api/rpc/manager/organizations/{id}',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/api/auth/organization/create-role']).toBeUndefined();
  });
});
