// How the inspector talks to the mock: `/__mock` with the admin secret when the tab keeps one,
// `/v1` with a principal's token, and every refusal as the mock's error envelope.

const SECRET_KEY = 'kindgi-mock-admin-token';

/** A refusal, as the envelope `{ error: { code, message, details?, requestId } }` says it. */
export class MockError extends Error {
  constructor(status, error) {
    super(error.message);
    this.status = status;
    this.code = error.code;
    this.details = error.details;
    this.requestId = error.requestId;
  }
}

/** The admin secret of this tab (sessionStorage: gone with the tab, never sent to another origin). */
export const adminSecret = {
  get: () => sessionStorage.getItem(SECRET_KEY) ?? undefined,
  set: (secret) => sessionStorage.setItem(SECRET_KEY, secret),
  clear: () => sessionStorage.removeItem(SECRET_KEY),
};

function headersFor({ token, body, admin }) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token !== undefined) headers.Authorization = `Bearer ${token}`;
  const secret = admin ? adminSecret.get() : undefined;
  if (secret !== undefined) headers['X-Mock-Admin-Token'] = secret;
  return headers;
}

async function call(path, { method = 'GET', body, token, admin = false } = {}) {
  const answer = await fetch(path, { method, headers: headersFor({ token, body, admin }), ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const text = await answer.text();
  let parsed;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!answer.ok) {
    throw new MockError(answer.status, parsed?.error ?? { code: 'unexpected-answer', message: `${method} ${path} answered ${answer.status} without the error envelope`, requestId: answer.headers.get('X-Request-Id') ?? undefined });
  }
  return parsed;
}

/** A `/__mock` route, with the admin secret; `token` for the routes that act as a principal. */
export const admin = (path, options = {}) => call(path, { ...options, admin: true });

/** A `/v1` route as the principal of `token`. */
export const api = (path, token, options = {}) => call(path, { ...options, token });

/**
 * Follows `GET /__mock/requests/stream` with fetch (an EventSource cannot send the admin secret),
 * calling `onEntry` with each entry, until `signal` aborts or the stream ends (it then resolves).
 */
export async function followJournal(onEntry, signal) {
  const secret = adminSecret.get();
  const answer = await fetch('/__mock/requests/stream', { signal, headers: secret !== undefined ? { 'X-Mock-Admin-Token': secret } : {} });
  if (!answer.ok || answer.body === null) {
    const envelope = await answer.json().catch(() => undefined);
    throw new MockError(answer.status, envelope?.error ?? { code: 'unexpected-answer', message: `the journal's stream answered ${answer.status}` });
  }
  const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffered += value;
    for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
      const event = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const data = event.split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)).join('\n');
      if (data !== '') onEntry(JSON.parse(data));
    }
  }
}
