// The inspector page: shows and drives one world of the mock (the base world or a session's)
// through the `/__mock` routes and `/v1`, and nothing else, so that it is also an example of them.
import { admin, adminSecret, api, MockError } from './api.js';
import { byId, copyText, el, fieldsOf, fill, shortId } from './dom.js';
import { startJournal } from './journal.js';

const view = {
  /** The session shown, or undefined for the base world. */
  session: undefined,
  /** The principals of the world shown, each with its token there. */
  principals: [],
  journal: undefined,
  nextCursor: undefined,
};

/** A route of the world shown: `/__mock/state`, or `/__mock/sessions/{id}/state`. */
const inWorld = (suffix) => (view.session ? `/__mock/sessions/${view.session}${suffix}` : `/__mock${suffix}`);

const status = byId('status');
function say(text) {
  status.className = '';
  status.textContent = text;
}
function showProblem(problem) {
  status.className = 'problem';
  status.textContent = problem instanceof MockError
    ? `${problem.status} ${problem.code}: ${problem.message}${problem.requestId ? ` (request ${problem.requestId})` : ''}`
    : String(problem?.message ?? problem);
}

/** Runs `action`, shows what failed; resolves either way, so that no click leaves a rejection behind. */
const guarded = (action) => async (event) => {
  event?.preventDefault?.();
  try {
    await action(event);
  } catch (problem) {
    showProblem(problem);
  }
};

const usable = (p) => p.expiresAt === undefined && p.revokedAt === undefined;
const principalById = (id) => view.principals.find((p) => p.id === id);
const tokenOfChoice = (select) => principalById(select.value)?.token;

// ---- principals -------------------------------------------------------------

async function loadPrincipals() {
  view.principals = view.session
    ? (await admin(`/__mock/sessions/${view.session}`)).principals
    : (await admin('/__mock/principals')).data;
  fill(byId('principal-rows'), view.principals.map(principalRow), 'no principals', 6);
  for (const select of document.querySelectorAll('.principal-choice')) {
    const kept = select.value;
    select.replaceChildren(...view.principals.map((p) => el('option', { value: p.id, disabled: !usable(p) }, `${p.name} (${p.role})`)));
    const firstAdmin = view.principals.find((p) => p.role === 'admin' && usable(p)) ?? view.principals.find(usable);
    select.value = principalById(kept) ? kept : (firstAdmin?.id ?? '');
  }
  fillProjects();
}

function principalRow(p) {
  const projects = (ids) => el('td', { className: 'projects', title: ids.join('\n') }, ids.length === 0 ? 'none' : ids.map((id) => id.slice(0, 8)).join(' '));
  const curl = `curl -H 'Authorization: Bearer ${p.token}' '${location.origin}/v1/corrections?limit=5'`;
  const flag = p.revokedAt ? ' (revoked)' : p.expiresAt ? ` (expires ${p.expiresAt})` : '';
  return el('tr', { 'data-principal': p.id },
    el('td', { title: p.purpose }, p.name, el('span', { className: 'quiet' }, flag)),
    el('td', {}, p.kind),
    el('td', {}, p.role),
    projects(p.readableProjectIds),
    projects(p.writableProjectIds),
    el('td', { className: 'buttons' },
      el('button', { type: 'button', className: 'copy-token', onclick: guarded(async () => { await copyText(p.token); say(`Copied the token of ${p.name}`); }) }, 'Copy token'),
      el('button', { type: 'button', className: 'copy-curl', onclick: guarded(async () => { await copyText(curl); say(`Copied a curl line as ${p.name}`); }) }, 'Copy curl')));
}

function fillProjects() {
  const as = principalById(byId('correction-filters').elements.as.value);
  const select = byId('correction-filters').elements.project;
  select.replaceChildren(el('option', { value: '' }, 'any'), ...(as?.readableProjectIds ?? []).map((id) => el('option', { value: id }, shortId(id))));
}

// ---- the world --------------------------------------------------------------

async function loadCounts() {
  const state = await admin(inWorld('/state'));
  const table = (title, counts) => el('table', {}, el('caption', {}, title),
    el('tbody', {}, Object.entries(counts).map(([name, count]) => el('tr', { 'data-count': name }, el('th', {}, name), el('td', {}, String(count))))));
  byId('counts').replaceChildren(
    table('Corrections', state.corrections),
    table('Suggested changes', state.suggestedChanges),
    table('Runs', { runs: state.runs }));
  showFaults(state.faults);
}

async function listCorrections({ next = false } = {}) {
  const form = byId('correction-filters');
  const fields = fieldsOf(form);
  const token = tokenOfChoice(form.elements.as);
  const query = new URLSearchParams();
  for (const name of ['status', 'sortedTo', 'from', 'agentId', 'runId', 'limit']) if (fields[name]) query.set(name, fields[name]);
  if (fields.project) {
    query.set('scopeKind', 'project');
    query.set('scopeId', fields.project);
  }
  if (next && view.nextCursor) query.set('cursor', view.nextCursor);
  const page = await api(`/v1/corrections?${query}`, token);
  view.nextCursor = page.nextCursor;
  byId('correction-next').hidden = !page.hasMore;
  fill(byId('correction-rows'), page.data.map((c) => el('tr', { className: 'pick', 'data-id': c.id, onclick: guarded(() => showRecord('corrections', c.id)) },
    el('td', {}, c.id), el('td', {}, c.status), el('td', {}, c.sortedTo ?? ''),
    el('td', {}, `${c.subject.kind} ${c.subject.id}@${c.subject.version}`), el('td', {}, c.createdAt.slice(0, 16).replace('T', ' ')))), 'no corrections', 5);
  say(`${page.data.length} corrections${page.hasMore ? ', more on the next page' : ''}`);
}

async function listByState() {
  const fields = fieldsOf(byId('state-filters'));
  const query = new URLSearchParams({ limit: '200' });
  for (const name of ['status', 'reopened', 'note']) if (fields[name]) query.set(name, fields[name]);
  const { data, hasMore } = await admin(inWorld(`/corrections?${query}`));
  fill(byId('state-rows'), data.map((c) => el('tr', { className: 'pick', 'data-id': c.id, onclick: guarded(() => showRecord('corrections', c.id)) },
    el('td', {}, c.id), el('td', {}, c.status), el('td', { title: c.projectId }, shortId(c.projectId)),
    el('td', {}, c.reopenedIn ? `${c.reopenedIn.how} ${c.reopenedIn.version}` : ''), el('td', {}, c.statusNote?.text ?? ''))), 'none found', 5);
  say(`${data.length} corrections found${hasMore ? ' (the first 200)' : ''}`);
}

async function listChanges() {
  const { status: wanted } = fieldsOf(byId('change-filters'));
  const { data } = await admin(inWorld(`/suggested-changes${wanted ? `?status=${wanted}` : ''}`));
  fill(byId('change-rows'), data.map((s) => el('tr', { className: 'pick', 'data-id': s.id, onclick: guarded(() => showRecord('suggested-changes', s.id)) },
    el('td', { title: s.id }, shortId(s.id)), el('td', {}, s.status), el('td', {}, s.title))), 'none', 3);
}

/** One record through `/v1`, as the principal chosen for corrections; a refusal is shown as the API sent it. */
async function showRecord(kind, id) {
  const record = byId('record');
  byId('record-title').textContent = `GET /v1/${kind}/${id}`;
  try {
    record.className = 'json';
    record.textContent = JSON.stringify(await api(`/v1/${kind}/${id}`, tokenOfChoice(byId('correction-filters').elements.as)), null, 2);
  } catch (problem) {
    if (!(problem instanceof MockError)) throw problem;
    record.className = 'json problem';
    record.textContent = JSON.stringify({ status: problem.status, error: { code: problem.code, message: problem.message, details: problem.details, requestId: problem.requestId } }, null, 2);
  }
}

// ---- controls ---------------------------------------------------------------

/** Says the faults now set, and puts them in the form, so that it never shows a fault that is gone. */
function showFaults(faults) {
  const fields = byId('faults-form').elements;
  fields.rate.value = String(faults.databaseBusy?.rate ?? 0);
  fields.retryAfter.value = String(faults.databaseBusy?.retryAfter ?? 1);
  fields.latencyMin.value = String(faults.latencyMs?.min ?? 0);
  fields.latencyMax.value = String(faults.latencyMs?.max ?? 0);
  fields.failChecks.checked = faults.failChecks === true;
  const parts = [];
  if (faults.databaseBusy) parts.push(`503 at rate ${faults.databaseBusy.rate}, Retry-After ${faults.databaseBusy.retryAfter}`);
  if (faults.latencyMs) parts.push(`latency ${faults.latencyMs.min}–${faults.latencyMs.max} ms`);
  if (faults.failChecks) parts.push('checks fail');
  byId('faults-now').textContent = parts.length > 0 ? `now: ${parts.join('; ')}` : 'now: none';
}

async function setFaults() {
  const f = fieldsOf(byId('faults-form'));
  const body = {};
  if (Number(f.rate) > 0) body.databaseBusy = { rate: Number(f.rate), retryAfter: Number(f.retryAfter || 0) };
  if (Number(f.latencyMax) > 0) body.latencyMs = { min: Number(f.latencyMin || 0), max: Number(f.latencyMax) };
  if (f.failChecks) body.failChecks = true;
  const { faults } = await admin(inWorld('/faults'), { method: 'POST', body });
  showFaults(faults);
  say('Faults set');
}

async function clearFaults() {
  const { faults } = await admin(inWorld('/faults'), { method: 'DELETE' });
  showFaults(faults);
  say('Faults cleared');
}

async function loadClock() {
  const clock = await admin(inWorld('/clock'));
  byId('clock-now').textContent = `now ${clock.now}${clock.frozen ? ', frozen' : ', running'}`;
}

async function setClock() {
  const { now, frozen } = fieldsOf(byId('clock-form'));
  await admin(inWorld('/clock'), { method: 'PUT', body: { now, frozen } });
  await loadClock();
  say('Clock set');
}

async function advanceClock() {
  const { minutes } = fieldsOf(byId('clock-form'));
  await admin(inWorld('/clock/advance'), { method: 'POST', body: { ms: Math.round(Number(minutes) * 60_000) } });
  await refreshWorld();
  say(`Clock advanced ${minutes} minutes`);
}

async function reset() {
  const done = await admin(inWorld('/reset'), { method: 'POST' });
  await refreshWorld();
  say(`Reset ${view.session ? `session ${view.session}` : 'the base world'}: ${Object.values(done.corrections).reduce((a, b) => a + b, 0)} corrections, as loaded`);
}

async function loadSessions() {
  const { data } = await admin('/__mock/sessions');
  if (view.session && !data.some((s) => s.id === view.session)) view.session = undefined;
  const select = byId('world');
  select.replaceChildren(el('option', { value: '' }, 'base world'), ...data.map((s) => el('option', { value: s.id }, `${s.name ?? 'session'} (${s.id})`)));
  select.value = view.session ?? '';
  fill(byId('session-rows'), data.map((s) => el('tr', { 'data-session': s.id },
    el('td', {}, s.id), el('td', {}, s.name ?? ''), el('td', {}, String(s.writes)), el('td', {}, s.expiresAt),
    el('td', {},
      el('button', { type: 'button', onclick: guarded(() => showWorld(s.id)) }, 'Show'),
      el('button', { type: 'button', className: 'copy-tokens', onclick: guarded(() => copySessionTokens(s.id)) }, 'Copy tokens'),
      el('button', { type: 'button', className: 'end-session', onclick: guarded(() => endSession(s.id)) }, 'End')))), 'no open sessions', 5);
}

async function openSession() {
  const f = fieldsOf(byId('session-form'));
  const body = {};
  if (f.name) body.name = f.name;
  if (f.seed) body.seed = Number(f.seed);
  if (f.ttlSeconds) body.ttlSeconds = Number(f.ttlSeconds);
  const session = await admin('/__mock/sessions', { method: 'POST', body });
  await loadSessions();
  say(`Opened session ${session.id}: Show it to drive its world, or copy its tokens for a test`);
}

async function copySessionTokens(id) {
  const { principals } = await admin(`/__mock/sessions/${id}`);
  await copyText(principals.map((p) => `${p.name}\t${p.token}`).join('\n'));
  say(`Copied the ${principals.length} tokens of session ${id}`);
}

async function endSession(id) {
  await admin(`/__mock/sessions/${id}`, { method: 'DELETE' });
  if (view.session === id) await showWorld(undefined);
  else await loadSessions();
  say(`Ended session ${id}: its tokens now answer 401`);
}

async function showWorld(sessionId) {
  view.session = sessionId || undefined;
  byId('world').value = view.session ?? '';
  await refreshAll();
  say(`Showing ${view.session ? `session ${view.session}` : 'the base world'}`);
}

// ---- actions ----------------------------------------------------------------

/** Who may decide a pin: a writer of its project other than who pinned it (the mock answers that one separate-approver-required). */
const decidersOf = (change) => view.principals.filter((p) => usable(p) && p.writableProjectIds.includes(change.projectId)
  && !(change.pinnedBy && p.kind === change.pinnedBy.kind && p.id === change.pinnedBy.id));

async function loadApprovals() {
  const { data } = await admin(inWorld('/suggested-changes?status=waiting-for-second-person'));
  fill(byId('approval-rows'), data.map((change) => {
    const decider = el('select', { className: 'decider' }, decidersOf(change).map((p) => el('option', { value: p.id }, p.name)));
    const decide = (decision) => el('button', { type: 'button', className: `decide-${decision}`, onclick: guarded(async () => {
      const decided = await admin(`/__mock/approvals/${change.approvalId}/${decision}`, { method: 'POST', token: principalById(decider.value)?.token });
      byId('record-title').textContent = `${decision} ${change.approvalId}`;
      byId('record').className = 'json';
      byId('record').textContent = JSON.stringify(decided, null, 2);
      await refreshWorld();
      say(`${decision}: "${decided.title}" is now ${decided.status}`);
    }) }, decision[0].toUpperCase() + decision.slice(1));
    return el('tr', { 'data-id': change.id, 'data-approval': change.approvalId },
      el('td', { title: change.id }, change.title),
      el('td', {}, change.pinnedBy ? change.pinnedBy.id : 'not recorded'),
      el('td', {}, decider),
      el('td', {}, decide('approve'), decide('reject'), decide('expire')));
  }), 'no pin waits for a second person', 4);
}

async function loadChecks() {
  const { data } = await admin(inWorld('/suggested-changes?status=checking'));
  fill(byId('check-rows'), data.map((change) => {
    const finish = (fails) => el('button', { type: 'button', className: fails ? 'check-fails' : 'check-passes', onclick: guarded(async () => {
      await admin(inWorld(`/checks/${change.id}/finish`), { method: 'POST', body: { fails } });
      await refreshWorld();
      say(`The check of "${change.title}" ${fails ? 'failed' : 'passed'}`);
    }) }, fails ? 'Fails' : 'Passes');
    return el('tr', { 'data-id': change.id }, el('td', { title: change.id }, change.title), el('td', {}, finish(false), finish(true)));
  }), 'no check is running', 2);
}

async function postTestRun() {
  const form = byId('test-run-form');
  const f = fieldsOf(form);
  const ids = (text) => text.split(/[\s,]+/).filter(Boolean);
  const outcome = await admin('/__mock/test-runs', { method: 'POST', token: tokenOfChoice(form.elements.as), body: { version: f.version, how: f.how, wrong: ids(f.wrong), right: ids(f.right) } });
  byId('record-title').textContent = 'POST /__mock/test-runs';
  byId('record').className = 'json';
  byId('record').textContent = JSON.stringify(outcome, null, 2);
  await refreshWorld();
  say('Test run posted');
}

// ---- start ------------------------------------------------------------------

/** What changes when the world does: counts, the clock, what waits to be decided, the sessions' writes. */
async function refreshWorld() {
  await Promise.all([loadCounts(), loadClock(), loadApprovals(), loadChecks(), loadSessions()]);
}

async function refreshAll() {
  await loadPrincipals();
  await Promise.all([refreshWorld(), listChanges()]);
}

let refreshSoon;
/** A request of an app may have changed the world: refresh a moment later, at most once per moment however busy the app is. */
function refreshAfter() {
  if (refreshSoon !== undefined) return;
  refreshSoon = setTimeout(() => {
    refreshSoon = undefined;
    refreshWorld().catch(showProblem);
  }, 400);
}

function askForSecret(problem) {
  byId('main').hidden = true;
  byId('secret-form').hidden = false;
  byId('secret-problem').textContent = problem.message;
  byId('secret').focus();
}

async function boot() {
  try {
    await refreshAll();
  } catch (problem) {
    if (problem instanceof MockError && problem.code === 'mock-admin-only') {
      adminSecret.clear();
      askForSecret(problem);
      return;
    }
    throw problem;
  }
  byId('secret-form').hidden = true;
  byId('main').hidden = false;
  view.journal ??= startJournal({ onEntry: refreshAfter, onProblem: showProblem });
  await listCorrections();
}

function wire() {
  const on = (id, event, action) => byId(id).addEventListener(event, guarded(action));
  on('secret-form', 'submit', async () => {
    adminSecret.set(byId('secret').value);
    byId('secret').value = '';
    await boot();
  });
  on('refresh', 'click', refreshAll);
  on('world', 'change', () => showWorld(byId('world').value));
  on('correction-filters', 'submit', () => listCorrections());
  byId('correction-filters').elements.as.addEventListener('change', fillProjects);
  on('correction-next', 'click', () => listCorrections({ next: true }));
  on('state-filters', 'submit', listByState);
  on('change-filters', 'submit', listChanges);
  on('faults-form', 'submit', setFaults);
  on('faults-clear', 'click', clearFaults);
  on('clock-form', 'submit', setClock);
  on('clock-advance', 'click', advanceClock);
  on('reset', 'click', reset);
  on('session-form', 'submit', openSession);
  on('test-run-form', 'submit', postTestRun);
}

wire();
guarded(boot)();
