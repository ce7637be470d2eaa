// The inspector (`/__mock/`): a page of plain HTML, CSS and script modules from the package's
// `inspector/` folder, served to anyone, since it holds no data: everything it shows it fetches
// from `/__mock` and `/v1`, which hold their callers to their own rules (the admin secret).
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Request, Response } from 'express';
import { packagePath } from '../../package-root.ts';
import { ApiError } from '../api-error.ts';

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

interface PageFile { body: Buffer; type: string }

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

export interface InspectorPage {
  /** `GET /__mock/`: the page. */
  index(req: Request, res: Response): void;
  /** `GET /__mock/inspector/{file}`: one of its scripts or its style sheet; another name is 404 not-found. */
  file(req: Request, res: Response): void;
}

/** `folder`: where the page's files are, the package's `inspector/` by default (read on the first request). */
export function inspectorPage(folder = packagePath('inspector')): InspectorPage {
  let files: Map<string, PageFile> | undefined;
  const serve = (res: Response, name: string) => {
    const found = (files ??= readPageFiles(folder)).get(name);
    if (found === undefined || name === 'index.html') throw new ApiError('not-found', `the inspector has no file ${name}`, { file: name });
    res.status(200).set(PAGE_HEADERS).type(found.type).send(found.body);
  };
  return {
    index: (_req, res) => {
      const page = (files ??= readPageFiles(folder)).get('index.html')!;
      res.status(200).set(PAGE_HEADERS).type(page.type).send(page.body);
    },
    file: (req, res) => serve(res, String(req.params.file)),
  };
}
