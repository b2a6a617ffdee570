// Swagger UI from the installed package: no CDN, only same-origin scripts, as the CSP requires.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { markSvg } from '#/lib/brand-mark';
import { detectLanguage } from '#/lib/i18n/detect-language';
import { languageInfo, type Language } from '#/lib/i18n/languages';
import { identity } from '#/lib/identity';
import ar from '#/locales/ar/common.json';
import en from '#/locales/en/common.json';
import fr from '#/locales/fr/common.json';
import sw from '#/locales/sw/common.json';

const COMMON: Record<Language, typeof en> = { en, fr, ar, sw };

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

// The theme before paint, as the app's own inline script does.
const INIT = `(function () {
  try {
    var t = localStorage.getItem('theme');
    var dark = t === 'dark' || (t !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  } catch (e) {}
})();
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/openapi', dom_id: '#swagger-ui', deepLinking: true, withCredentials: true });
});
`;

// Swagger UI has no dark theme of its own: the usual inversion, with pictures and the code turned back.
const THEME = `
:root { --brand: ${identity.brand.light.hex}; color-scheme: light; }
html.dark { --brand: ${identity.brand.dark.hex}; }
html.dark { color-scheme: dark; background: #0a0a0a; }
body { margin: 0; font-family: ui-sans-serif, system-ui, sans-serif; }
.docs-bar { display: flex; align-items: center; gap: 12px; padding: 10px 20px; border-bottom: 1px solid #e5e5e5; background: #fff; color: #171717; }
html.dark .docs-bar { background: #0a0a0a; color: #f5f5f5; border-color: #262626; }
.docs-bar .mark { width: 28px; height: 28px; flex-shrink: 0; }
.docs-bar a { white-space: nowrap; }
/* A phone: the mark, the name and the way back on one line. */
@media (max-width: 30rem) { .docs-bar { padding: 10px 16px; } .docs-bar .title { display: none; } }
.docs-bar strong { font-size: 16px; }
.docs-bar .title { color: #525252; font-size: 14px; }
html.dark .docs-bar .title { color: #a3a3a3; }
.docs-bar a { margin-inline-start: auto; color: inherit; font-size: 14px; font-weight: 500; text-decoration: none; border: 1px solid #d4d4d4; border-radius: 6px; padding: 6px 12px; }
html.dark .docs-bar a { border-color: #404040; }
.docs-bar a:hover { background: #f5f5f5; }
html.dark .docs-bar a:hover { background: #262626; }
.docs-bar a:focus-visible { outline: 2px solid var(--brand); outline-offset: 2px; }
.swagger-ui .topbar { display: none; }
.swagger-ui .info .title, .swagger-ui .opblock-tag { font-family: inherit; }
.swagger-ui .btn.authorize, .swagger-ui .btn.execute { border-color: var(--brand); }
.swagger-ui .btn.execute { background: var(--brand); }
html.dark .swagger-ui { filter: invert(0.9) hue-rotate(180deg); }
html.dark .swagger-ui img, html.dark .swagger-ui .microlight, html.dark .swagger-ui .highlight-code { filter: invert(1) hue-rotate(180deg); }
`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(language: Language) {
  const t = COMMON[language].nav;
  const { dir } = languageInfo(language);
  return `<!doctype html>
<html lang="${language}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.apiDocumentation)} | ${escapeHtml(identity.name)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="stylesheet" href="/api/docs/theme.css">
<script src="/api/docs/init.js"></script>
</head>
<body>
<header class="docs-bar">
${markSvg().replace('<svg ', '<svg class="mark" aria-hidden="true" ')}
<strong>${escapeHtml(identity.name)}</strong>
<span class="title">${escapeHtml(t.apiDocumentation)}</span>
<a href="/">${escapeHtml(t.backToApp)}</a>
</header>
<main id="swagger-ui" dir="ltr"></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
</body>
</html>
`;
}

const assetDir = () => path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const noCache = (type: string) => ({ 'Content-Type': type, 'Cache-Control': 'no-cache' });

export async function apiDocsResponse(request: Request, file?: string): Promise<Response> {
  if (!file)
    return new Response(page(detectLanguage(request)), {
      headers: { ...noCache('text/html; charset=utf-8'), Vary: 'Cookie, Accept-Language' },
    });
  if (file === 'init.js') return new Response(INIT, { headers: noCache('text/javascript; charset=utf-8') });
  if (file === 'theme.css') return new Response(THEME, { headers: noCache('text/css; charset=utf-8') });
  const type = ASSETS[file];
  if (!type) return Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
  const body = await readFile(path.join(assetDir(), file));
  return new Response(body, { headers: { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' } });
}
