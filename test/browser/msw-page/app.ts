// The page of the browser test: an app whose API is the MSW service worker running
// kindgi-mock/msw, bundled by esbuild for the browser. It exposes what the test drives.
import { setupWorker } from 'msw/browser';
import { createHandlers } from '../../../src/msw/index.ts';

const BASE_URL = 'https://api.kindgi-mock.test';

// The page's globals, typed here: the repo compiles without the DOM library.
const page = globalThis as unknown as { document: { title: string }; navigator: { serviceWorker: { controller: unknown } } };

interface Answer { status: number; headers: Record<string, string>; body: unknown }

async function start(): Promise<void> {
  const mock = await createHandlers({ baseUrl: BASE_URL });
  const worker = setupWorker(...mock.handlers);
  await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'error', quiet: true });
  const admin = mock.principals.find((p) => p.token.startsWith('kgm_admin_'))!.token;
  // What an app does: fetch with its token; the service worker answers.
  const call = async (method: string, path: string, options: { token?: string | null; headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> => {
    const token = options.token === undefined ? admin : options.token;
    const response = await fetch(`${BASE_URL}${path}`, {
      method,
      headers: {
        ...(token !== null ? { Authorization: `Bearer ${token}` } : {}),
        ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, headers: Object.fromEntries(response.headers), body: text === '' ? undefined : JSON.parse(text) };
  };
  Object.assign(globalThis, { kindgi: { call, controlled: () => page.navigator.serviceWorker.controller !== null } });
}

start().then(
  () => { page.document.title = 'ready'; },
  (error: unknown) => { page.document.title = `failed: ${(error as Error).message}`; },
);
