// The inspector (`/__mock/`): a page of plain HTML, CSS and script modules from the package's
// `inspector/` folder, served to anyone, since it holds no data: everything it shows it fetches
// from `/__mock` and `/v1`, which hold their callers to their own rules (the admin secret).
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { packagePath } from '../../package-root.ts';
import { ApiError } from '../api-error.ts';
import type { CoreResponse, Exchange } from '../exchange.ts';
import type { PageHandlers } from './mock-admin.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

// The page's own files and its fetches to this origin, nothing else: no inline script, no frame
// around it (a control page must not be clicked through someone else's), no referrer with a token.
const PAGE_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-cache',
};

interface PageFile { body: Uint8Array; type: string }

/** The page's files by name, read once: a folder of a few small files that change only with the package. */
function readPageFiles(folder: string): Map<string, PageFile> {
  const files = new Map<string, PageFile>();
  for (const name of readdirSync(folder)) {
    const type = CONTENT_TYPES[extname(name)];
    if (type !== undefined) files.set(name, { body: readFileSync(join(folder, name)), type });
  }
  if (!files.has('index.html')) throw new Error(`kindgi-mock: the inspector's index.html is missing from ${folder}; the package is incomplete`);
  return files;
}

/**
 * `GET /__mock/` (the page) and `GET /__mock/inspector/{file}` (one of its scripts or its style
 * sheet; another name is 404 not-found). `folder`: where the page's files are, the package's
 * `inspector/` by default (read on the first request).
 */
export function inspectorPage(folder = packagePath('inspector')): PageHandlers {
  let files: Map<string, PageFile> | undefined;
  const serve = (exchange: Exchange, found: PageFile): CoreResponse => ({
    status: 200,
    headers: { ...exchange.headers, ...PAGE_HEADERS, 'Content-Type': found.type, 'Content-Length': String(found.body.length) },
    body: found.body,
  });
  return {
    getMockInspector: (exchange) => serve(exchange, (files ??= readPageFiles(folder)).get('index.html')!),
    getMockInspectorFile: (exchange) => {
      const name = String(exchange.params.file);
      const found = (files ??= readPageFiles(folder)).get(name);
      if (found === undefined || name === 'index.html') throw new ApiError('not-found', `the inspector has no file ${name}`, { file: name });
      return serve(exchange, found);
    },
  };
}
