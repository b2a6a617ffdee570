/**
 * /api/docs: a browsable reference of /api/openapi (Swagger UI, served from the installed
 * swagger-ui-dist package: no CDN, and only same-origin scripts, as the CSP requires).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/openapi', dom_id: '#swagger-ui', deepLinking: true, withCredentials: true });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API Documentation | Springboard</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<main id="swagger-ui"></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

const assetDir = () => path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

export async function apiDocsResponse(file?: string): Promise<Response> {
  if (!file) return new Response(PAGE, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' } });
  if (file === 'init.js')
    return new Response(INIT, { headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' } });
  const type = ASSETS[file];
  if (!type) return Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
  const body = await readFile(path.join(assetDir(), file));
  return new Response(body, { headers: { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' } });
}
