import { describe, expect, it } from 'vitest';
import { createI18n } from '#/lib/i18n/i18n';
import { inviteInputSchema, organizationInputSchema } from './organizations.schema';

/** The first message for a field, translated as the form and the API translate it. */
async function firstMessage(
  schema: { safeParse: (input: unknown) => { error?: { issues: { message: string }[] } } },
  input: unknown,
  lng: 'en' | 'fr',
) {
  const i18n = createI18n(lng);
  await i18n.loadNamespaces('organizations');
  const key = schema.safeParse(input).error?.issues[0]?.message ?? '';
  return i18n.t(key as never);
}

describe('an organisation form names the empty field', () => {
  it('an empty slug: "Slug is required", not "Slug is invalid"', async () => {
    expect(await firstMessage(organizationInputSchema.shape.slug, '   ', 'en')).toBe('Slug is required');
    expect(await firstMessage(organizationInputSchema.shape.slug, '', 'fr')).toBe("L'identifiant est obligatoire");
    expect(await firstMessage(organizationInputSchema.shape.slug, 'ab', 'en')).toBe('Slug is invalid');
    expect(await firstMessage(organizationInputSchema.shape.name, '', 'en')).toBe('Name is required');
  });

  it('an empty invitation address: "Email is required"; a wrong one: "Email is invalid"', async () => {
    expect(await firstMessage(inviteInputSchema.shape.email, ' ', 'en')).toBe('Email is required');
    expect(await firstMessage(inviteInputSchema.shape.email, 'nope', 'en')).toBe('Email is invalid');
  });
});
