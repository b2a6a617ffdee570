/** Written by hand: the upload API is not oRPC. */
const refusal = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } }, required: ['code', 'message'] },
    },
  },
});

const answer = {
  description: 'The stored URL of the 256-pixel copy (the 64 and 768 copies sit beside it), or null once removed',
  content: {
    'application/json': {
      schema: { type: 'object', properties: { url: { type: ['string', 'null'] } }, required: ['url'] },
    },
  },
};

const operations = (what: string, permission: string) => ({
  put: {
    tags: ['images'],
    summary: `Upload or replace ${what}`,
    description: `The image's bytes as the body, with its own type (JPEG, PNG, WebP, AVIF or GIF; the type is read from the bytes). Re-encoded as WebP at 64, 256 and 768 pixels wide, without metadata. ${permission}`,
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
    requestBody: {
      required: true,
      content: { 'image/*': { schema: { type: 'string', contentMediaType: 'image/*' } } },
    },
    responses: {
      200: answer,
      401: refusal('UNAUTHORIZED'),
      403: refusal('FORBIDDEN, DEMO_MODE or CROSS_SITE_REQUEST'),
      404: refusal('NOT_FOUND'),
      413: refusal('IMAGE_TOO_LARGE (UPLOAD_MAX_BYTES)'),
      415: refusal('IMAGE_TYPE_REFUSED'),
      422: refusal(
        'IMAGE_TOO_MANY_PIXELS (UPLOAD_MAX_PIXELS), or IMAGE_DIMENSIONS_REFUSED (a side over 16 384 pixels, or over 10 times the other)',
      ),
      429: refusal('RATE_LIMITED'),
    },
  },
  delete: {
    tags: ['images'],
    summary: `Remove ${what}`,
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
    responses: {
      200: answer,
      401: refusal('UNAUTHORIZED'),
      403: refusal('FORBIDDEN or DEMO_MODE'),
      404: refusal('NOT_FOUND'),
      429: refusal('RATE_LIMITED'),
    },
  },
});

export const imagesOpenApiPaths = {
  '/api/images/users/{id}': operations("a user's profile picture", "One's own: any signed-in user; anyone's: an admin."),
  // example:start
  '/api/images/books/{id}': operations("a book's cover", 'An admin.'),
  // example:end
  '/api/images/organizations/{id}': operations(
    "an organisation's logo",
    'An owner or admin of that organisation (403 for another member, 404 for a non-member).',
  ),
};
