// The journal panel: the requests the mock answered, newest on top, live from its stream; a row
// per request with its error code, and a response that broke the document marked as a violation.
import { admin, followJournal } from './api.js';
import { byId, el, shortId, timeOf } from './dom.js';

const MOST_ROWS = 500;
const ADMIN_PATH = /^\/__mock(\/|\?|$)/i;

/**
 * Starts the panel: the journal's newest entries, then each new one as it comes.
 * - `onEntry` hears every entry of another caller (not the mock's own routes), e.g. to refresh counts.
 * - Reconnects when the stream drops, and fills the gap from the list, with no row twice.
 * - `onProblem` hears a refusal (a 403: the admin secret changed), and the panel stops.
 */
export function startJournal({ onEntry, onProblem }) {
  const rows = byId('journal-rows');
  const detail = byId('journal-entry');
  const showAdmin = byId('journal-admin');
  const state = byId('journal-state');
  const shown = new Set();
  // Cleared rows stay out of the view: nothing answered before the clear comes back.
  let clearedAt = 0;

  const visible = (entry) => showAdmin.checked || !ADMIN_PATH.test(entry.path);

  const rowOf = (entry) => {
    const broken = entry.violations !== undefined;
    const row = el('tr', {
      'data-at': entry.at,
      className: [entry.status >= 500 ? 'server-error' : entry.status >= 400 ? 'client-error' : '', broken ? 'violation' : ''].join(' ').trim(),
      'data-request-id': entry.requestId,
      'data-status': entry.status,
      onclick: () => {
        detail.hidden = false;
        detail.textContent = JSON.stringify(entry, null, 2);
      },
    },
    el('td', {}, timeOf(new Date(entry.at).toISOString())),
    el('td', {}, entry.method),
    el('td', { className: 'path', title: entry.path }, entry.path),
    el('td', { className: 'status' }, String(entry.status)),
    el('td', {}, String(entry.ms)),
    el('td', { title: entry.principalId ?? '' }, entry.principalId ?? ''),
    el('td', { title: entry.sessionId ?? '' }, entry.sessionId ? shortId(entry.sessionId) : ''),
    el('td', { className: 'error-code' }, entry.errorCode ?? '', broken ? el('strong', { className: 'violation-mark', title: JSON.stringify(entry.violations) }, ` ${entry.violations.length} violation${entry.violations.length === 1 ? '' : 's'}`) : ''));
    return row;
  };

  /** Newest on top, by when each was answered: one the stream missed while it was down comes in at its place. */
  const add = (entry) => {
    const at = new Date(entry.at).getTime();
    if (shown.has(entry.requestId) || !visible(entry) || at <= clearedAt) return;
    shown.add(entry.requestId);
    const below = [...rows.children].find((row) => new Date(row.dataset.at).getTime() < at);
    rows.insertBefore(rowOf(entry), below ?? null);
    while (rows.children.length > MOST_ROWS) {
      shown.delete(rows.lastElementChild.dataset.requestId);
      rows.lastElementChild.remove();
    }
  };

  /** The newest entries, below whatever the stream already put on top. */
  const loadList = async () => {
    const { data } = await admin('/__mock/requests?limit=200');
    for (const entry of data) add(entry);
  };

  const reload = async () => {
    rows.replaceChildren();
    shown.clear();
    detail.hidden = true;
    await loadList().catch(onProblem);
  };

  let stopped = false;
  let abort = new AbortController();
  const follow = async () => {
    for (let wait = 500; !stopped; wait = Math.min(wait * 2, 10_000)) {
      // One stream per attempt, closed when the attempt fails: a failed list must not leave its stream open.
      abort = new AbortController();
      try {
        state.textContent = 'connecting…';
        // The stream first, then the list: nothing answered in between is missed, and `shown` drops repeats.
        const streaming = followJournal((entry) => {
          add(entry);
          if (!ADMIN_PATH.test(entry.path)) onEntry(entry);
        }, abort.signal);
        // Awaited below; this keeps a refusal that comes while the list loads from going unhandled.
        streaming.catch(() => {});
        await loadList();
        state.textContent = 'live';
        wait = 500;
        await streaming;
      } catch (problem) {
        abort.abort();
        if (stopped) return;
        if (problem?.status === 403) {
          state.textContent = 'not allowed';
          onProblem(problem);
          return;
        }
      }
      state.textContent = 'reconnecting…';
      await new Promise((later) => setTimeout(later, wait));
    }
  };
  follow();

  showAdmin.addEventListener('change', reload);
  byId('journal-clear').addEventListener('click', () => {
    clearedAt = Math.max(clearedAt, ...[...rows.children].map((row) => new Date(row.dataset.at).getTime()).filter(Number.isFinite));
    rows.replaceChildren();
    shown.clear();
    detail.hidden = true;
  });
  return {
    stop: () => {
      stopped = true;
      abort.abort();
    },
  };
}
