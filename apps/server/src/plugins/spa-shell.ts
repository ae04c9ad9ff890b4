import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { TRuntimeConfig } from '@cdca/contracts';
import { type PublicPage, publicPageFor } from '@cdca/contracts';

type ShellOptions = { publicUrl: string; runtimeConfig: TRuntimeConfig };

type RenderedShell = { html: string; br: Buffer; gzip: Buffer };

export type ShellPage = { body: string | Buffer; encoding: 'br' | 'gzip' | undefined };

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** JSON inside a <script> element: `<` escaped so no value can close the element early. */
const inlineJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

const OG_IMAGE = { path: '/og-image.png', width: 1200, height: 630 };

/** Title, description, canonical address, Open Graph and Twitter card tags for one page. */
const headTags = (page: PublicPage, url: string, publicUrl: string, indexable: boolean) => {
  const title = escapeHtml(page.title);
  const description = escapeHtml(page.description);
  const image = `${publicUrl}${OG_IMAGE.path}`;
  return [
    `<meta name="description" content="${description}" />`,
    indexable ? `<link rel="canonical" href="${url}" />` : '<meta name="robots" content="noindex" />',
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="CDCA" />',
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${image}" />`,
    `<meta property="og:image:width" content="${OG_IMAGE.width}" />`,
    `<meta property="og:image:height" content="${OG_IMAGE.height}" />`,
    '<meta property="og:image:alt" content="CDCA — automated dollar-cost averaging: an epic buying in levels and selling at its take-profit" />',
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
  ].join('\n    ');
};

const preferredEncoding = (acceptEncoding: string | undefined): 'br' | 'gzip' | undefined => {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
};

/**
 * Fills the built index.html for a path: the page's own head tags (pages outside the public list get the
 * landing page's, marked noindex) and the runtime config inline. Each variant is rendered and compressed once.
 */
export const createShellRenderer = (template: string, { publicUrl, runtimeConfig }: ShellOptions) => {
  const fallback = publicPageFor('/');
  if (!fallback) throw new Error('the public page list has no landing page');
  const configScript = `<script id="cdca-config" type="application/json">${inlineJson(runtimeConfig)}</script>`;
  const cache = new Map<string, RenderedShell>();

  const render = (path: string): RenderedShell => {
    const known = publicPageFor(path);
    const page = known ?? fallback;
    const url = `${publicUrl}${page.path === '/' ? '/' : page.path}`;
    const html = template
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
      .replace(/<meta name="description"[^>]*>\s*/, '')
      .replace(
        '</head>',
        `  ${headTags(page, url, publicUrl, known !== undefined)}\n    ${configScript}\n  </head>`,
      );
    return {
      html,
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(html, { level: 9 }),
    };
  };

  return {
    pageFor: (rawPath: string, acceptEncoding: string | undefined): ShellPage => {
      const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
      const key = publicPageFor(path) ? path : '*';
      let rendered = cache.get(key);
      if (!rendered) {
        rendered = render(key === '*' ? path : key);
        cache.set(key, rendered);
      }
      const encoding = preferredEncoding(acceptEncoding);
      if (encoding === 'br') return { body: rendered.br, encoding };
      if (encoding === 'gzip') return { body: rendered.gzip, encoding };
      return { body: rendered.html, encoding: undefined };
    },
  };
};
