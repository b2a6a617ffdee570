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

const WOFF2 = 'font/woff2';
/** What the page loads, from installed packages: Swagger UI's own files, and the app's two faces (Latin). */
const ASSETS: Record<string, { type: string; from: string }> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', from: 'swagger-ui-dist/swagger-ui.css' },
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', from: 'swagger-ui-dist/swagger-ui-bundle.js' },
  'inter.woff2': { type: WOFF2, from: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2' },
  'mono.woff2': { type: WOFF2, from: '@fontsource-variable/jetbrains-mono/files/jetbrains-mono-latin-wght-normal.woff2' },
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

// The app's tokens where Swagger UI takes them: its faces, its radius, the brand on the buttons that
// act. Swagger UI names a face on most of its elements, hence the overrides. It has no dark theme of its
// own: the usual inversion, with pictures and the code turned back.
const THEME = `
@font-face { font-family: 'Inter Variable'; font-style: normal; font-display: swap; font-weight: 100 900; src: url('/api/docs/inter.woff2') format('woff2-variations'); }
@font-face { font-family: 'JetBrains Mono Variable'; font-style: normal; font-display: swap; font-weight: 100 800; src: url('/api/docs/mono.woff2') format('woff2-variations'); }
:root {
  --brand: ${identity.brand.light.hex}; --brand-foreground: ${identity.brand.light.foregroundHex}; color-scheme: light;
  --sans: 'Inter Variable', ui-sans-serif, system-ui, sans-serif;
  --mono: 'JetBrains Mono Variable', ui-monospace, Menlo, Consolas, monospace;
  --radius: 10px;
}
html.dark { --brand: ${identity.brand.dark.hex}; --brand-foreground: ${identity.brand.dark.foregroundHex}; }
html.dark { color-scheme: dark; background: #0a0a0a; }
body { margin: 0; font-family: var(--sans); }
.swagger-ui, .swagger-ui :is(h1, h2, h3, h4, h5, p, a, label, span, div, button, input, select, textarea, table, td, th, .btn, .opblock-tag) { font-family: var(--sans) !important; }
.swagger-ui :is(code, pre, .microlight, .opblock-summary-path, .opblock-summary-path *, .opblock-summary-operation-id, .parameter__type, .prop-format, .model, .model *) { font-family: var(--mono) !important; }
.swagger-ui .opblock { border-radius: var(--radius); box-shadow: none; }
.swagger-ui .opblock .opblock-summary-method { border-radius: calc(var(--radius) - 4px); }
.swagger-ui :is(.btn, select, input[type=text], input[type=password], input[type=email], textarea, .opblock-body pre.microlight) { border-radius: calc(var(--radius) - 2px); }
.swagger-ui .btn { box-shadow: none; font-weight: 500; }
.swagger-ui .info { margin: 32px 0 24px; }
.swagger-ui .info .title { font-weight: 600; letter-spacing: -0.01em; }
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
.swagger-ui .btn.authorize { color: var(--brand); border-color: var(--brand); }
.swagger-ui .btn.authorize svg { fill: var(--brand); }
.swagger-ui .btn.execute { background: var(--brand); border-color: var(--brand); color: var(--brand-foreground); }
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
<link rel="preload" href="/api/docs/inter.woff2" as="font" type="font/woff2" crossorigin>
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

/** A file of an installed package (its package.json resolves whatever its exports allow). */
const installed = (from: string) => {
  const [scopeOrName, ...rest] = from.split('/');
  const name = scopeOrName!.startsWith('@') ? `${scopeOrName}/${rest.shift()}` : scopeOrName!;
  return path.join(path.dirname(createRequire(import.meta.url).resolve(`${name}/package.json`)), ...rest);
};
const noCache = (type: string) => ({ 'Content-Type': type, 'Cache-Control': 'no-cache' });

export async function apiDocsResponse(request: Request, file?: string): Promise<Response> {
  if (!file)
    return new Response(page(detectLanguage(request)), {
      headers: { ...noCache('text/html; charset=utf-8'), Vary: 'Cookie, Accept-Language' },
    });
  if (file === 'init.js') return new Response(INIT, { headers: noCache('text/javascript; charset=utf-8') });
  if (file === 'theme.css') return new Response(THEME, { headers: noCache('text/css; charset=utf-8') });
  const asset = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
  if (!asset) return Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
  const body = await readFile(installed(asset.from));
  return new Response(body, { headers: { 'Content-Type': asset.type, 'Cache-Control': 'public, max-age=86400' } });
}
