// The inspector page: shows and drives one world of the mock (the base world or a session's)
// through the `/__mock` routes and `/v1`, and nothing else, so that it is also an example of them.
import { admin, adminSecret, api, MockError } from './api.js';
import { byId, copyText, el, fieldsOf, fill, shortId } from './dom.js';
import { startJournal } from './journal.js';
import { loadProjects, projectCell, projectName, projectsCell } from './projects.js';
import { startScenarios } from './scenarios.js';

const view = {
  /** The session shown, or undefined for the base world. */
  session: undefined,
  /** The principals of the world shown, each with its token there. */
  principals: [],
  journal: undefined,
  /** The query of the corrections page shown, and its next cursor: Next goes on with that list, whatever the form says now. */
  listed: undefined,
  /** Whether "corrections by state" was asked, so that a refresh asks again. */
  byStateAsked: false,
  /** Who was chosen to decide each waiting pin, kept while its row is rebuilt. */
  deciders: new Map(),
  /** Whether the next counts put the world's faults in the form: at load and when another world is shown. */
  faultsIntoForm: true,
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

// The world's files give every token's expiry and revocation; the mock's clock decides, so the page
// only marks them (choosing one is how a demo shows its 401).
const usable = (p) => p.expiresAt === undefined && p.revokedAt === undefined;
const flagOf = (p) => (p.revokedAt ? ', revoked' : p.expiresAt ? `, expires ${p.expiresAt.slice(0, 10)}` : '');
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
    select.replaceChildren(...view.principals.map((p) => el('option', { value: p.id }, `${p.name} (${p.role}${flagOf(p)})`)));
    const firstAdmin = view.principals.find((p) => p.role === 'admin' && usable(p)) ?? view.principals.find(usable);
    select.value = principalById(kept) ? kept : (firstAdmin?.id ?? '');
  }
  fillProjects();
}

function principalRow(p) {
  const curl = `curl -H 'Authorization: Bearer ${p.token}' '${location.origin}/v1/corrections?limit=5'`;
  const flag = p.revokedAt ? ' (revoked)' : p.expiresAt ? ` (expires ${p.expiresAt})` : '';
  return el('tr', { 'data-principal': p.id },
    el('td', { title: p.purpose }, p.name, el('span', { className: 'quiet' }, flag)),
    el('td', {}, p.kind),
    el('td', {}, p.role),
    projectsCell(p.readableProjectIds),
    projectsCell(p.writableProjectIds),
    el('td', { className: 'buttons' },
      el('button', { type: 'button', className: 'copy-token', onclick: guarded(async () => { await copyText(p.token); say(`Copied the token of ${p.name}`); }) }, 'Copy token'),
      el('button', { type: 'button', className: 'copy-curl', onclick: guarded(async () => { await copyText(curl); say(`Copied a curl line as ${p.name}`); }) }, 'Copy curl')));
}

/** The projects the chosen principal reads, by name; the one chosen is kept while it is still among them. */
function fillProjects() {
  const as = principalById(byId('correction-filters').elements.as.value);
  const select = byId('correction-filters').elements.project;
  const kept = select.value;
  const readable = as?.readableProjectIds ?? [];
  select.replaceChildren(el('option', { value: '' }, 'any'), ...readable.map((id) => el('option', { value: id, title: id }, projectName(id))));
  select.value = readable.includes(kept) ? kept : '';
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
  showFaults(state.faults, { intoForm: view.faultsIntoForm });
  view.faultsIntoForm = false;
}

/** A first page from the form, or (`next`) the next page of the list shown, with the query and principal it was asked with. */
async function listCorrections({ next = false } = {}) {
  let listed = view.listed;
  if (!next || listed === undefined) {
    const form = byId('correction-filters');
    const fields = fieldsOf(form);
    const query = new URLSearchParams();
    for (const name of ['status', 'sortedTo', 'from', 'agentId', 'runId', 'limit']) if (fields[name]) query.set(name, fields[name]);
    if (fields.project) {
      query.set('scopeKind', 'project');
      query.set('scopeId', fields.project);
    }
    listed = { query, token: tokenOfChoice(form.elements.as), cursor: undefined };
  }
  const query = new URLSearchParams(listed.query);
  if (next && listed.cursor) query.set('cursor', listed.cursor);
  const page = await api(`/v1/corrections?${query}`, listed.token);
  view.listed = { ...listed, cursor: page.nextCursor };
  byId('correction-next').hidden = !page.hasMore;
  fill(byId('correction-rows'), page.data.map((c) => el('tr', { className: 'pick', 'data-id': c.id, onclick: guarded(() => showRecord('corrections', c.id)) },
    el('td', {}, c.id), el('td', {}, c.status), el('td', {}, c.sortedTo ?? ''),
    el('td', {}, `${c.subject.kind} ${c.subject.id}@${c.subject.version}`), el('td', {}, c.createdAt.slice(0, 16).replace('T', ' ')))), 'no corrections', 5);
  say(`${page.data.length} corrections${page.hasMore ? ', more on the next page' : ''}`);
}

async function listByState() {
  view.byStateAsked = true;
  const fields = fieldsOf(byId('state-filters'));
  const query = new URLSearchParams({ limit: '200' });
  for (const name of ['status', 'reopened', 'note']) if (fields[name]) query.set(name, fields[name]);
  const { data, hasMore } = await admin(inWorld(`/corrections?${query}`));
  fill(byId('state-rows'), data.map((c) => el('tr', { className: 'pick', 'data-id': c.id, onclick: guarded(() => showRecord('corrections', c.id)) },
    el('td', {}, c.id), el('td', {}, c.status), projectCell(c.projectId),
    el('td', {}, c.reopenedIn ? `${c.reopenedIn.how} ${c.reopenedIn.version}` : ''), el('td', {}, c.statusNote?.text ?? ''))), 'none found', 5);
  say(`${data.length} corrections found${hasMore ? ' (the first 200; superseded ones are never listed)' : ''}`);
}

async function listChanges() {
  const { status: wanted } = fieldsOf(byId('change-filters'));
  const { data } = await admin(inWorld(`/suggested-changes${wanted ? `?status=${wanted}` : ''}`));
  fill(byId('change-rows'), data.map((s) => el('tr', { className: 'pick', 'data-id': s.id, onclick: guarded(() => showRecord('suggested-changes', s.id)) },
    el('td', { title: s.id }, shortId(s.id)), el('td', {}, s.status), projectCell(s.projectId), el('td', {}, s.title))), 'none', 4);
}

/** `value` as JSON in the record panel, under `title`; `problem` marks a refusal. */
function showJson(title, value, { problem = false } = {}) {
  byId('record-title').textContent = title;
  byId('record').className = problem ? 'json problem' : 'json';
  byId('record').textContent = JSON.stringify(value, null, 2);
}

/** One record through `/v1`, as the principal chosen for corrections; a refusal is shown as the API sent it. */
async function showRecord(kind, id) {
  const title = `GET /v1/${kind}/${id}`;
  try {
    showJson(title, await api(`/v1/${kind}/${id}`, tokenOfChoice(byId('correction-filters').elements.as)));
  } catch (problem) {
    if (!(problem instanceof MockError)) throw problem;
    showJson(title, { status: problem.status, error: { code: problem.code, message: problem.message, details: problem.details, requestId: problem.requestId } }, { problem: true });
  }
}

// ---- controls ---------------------------------------------------------------

/**
 * Says the faults now set; `intoForm` also puts them in the form (at load, when another world is shown, and after the form's own
 * Set or Clear), never on a background refresh, which would undo what the operator is typing.
 */
function showFaults(faults, { intoForm }) {
  if (intoForm) fillFaultsForm(faults);
  const parts = [];
  if (faults.databaseBusy) parts.push(`503 at rate ${faults.databaseBusy.rate}, Retry-After ${faults.databaseBusy.retryAfter}`);
  if (faults.latencyMs) parts.push(`latency ${faults.latencyMs.min}–${faults.latencyMs.max} ms`);
  if (faults.failChecks) parts.push('checks fail');
  byId('faults-now').textContent = parts.length > 0 ? `now: ${parts.join('; ')}` : 'now: none';
}

function fillFaultsForm(faults) {
  const fields = byId('faults-form').elements;
  fields.rate.value = String(faults.databaseBusy?.rate ?? 0);
  fields.retryAfter.value = String(faults.databaseBusy?.retryAfter ?? 1);
  fields.latencyMin.value = String(faults.latencyMs?.min ?? 0);
  fields.latencyMax.value = String(faults.latencyMs?.max ?? 0);
  fields.failChecks.checked = faults.failChecks === true;
}

/** What the form says, as `POST /faults` takes it; the mock itself refuses what it cannot take (min above max, say) with its own message. */
async function setFaults() {
  const f = fieldsOf(byId('faults-form'));
  const body = {};
  if (Number(f.rate) > 0) body.databaseBusy = { rate: Number(f.rate), retryAfter: f.retryAfter === '' ? 1 : Number(f.retryAfter) };
  if (Number(f.latencyMin) > 0 || Number(f.latencyMax) > 0) body.latencyMs = { min: Number(f.latencyMin || 0), max: Number(f.latencyMax || 0) };
  if (f.failChecks) body.failChecks = true;
  const { faults } = await admin(inWorld('/faults'), { method: 'POST', body });
  showFaults(faults, { intoForm: true });
  say('Faults set');
}

async function clearFaults() {
  const { faults } = await admin(inWorld('/faults'), { method: 'DELETE' });
  showFaults(faults, { intoForm: true });
  say('Faults cleared');
}

async function loadClock() {
  const clock = await admin(inWorld('/clock'));
  byId('clock-now').textContent = `now ${clock.now}${clock.frozen ? ', frozen' : ', running'}`;
}

async function setClock() {
  const { now, frozen } = fieldsOf(byId('clock-form'));
  await admin(inWorld('/clock'), { method: 'PUT', body: { now, frozen } });
  await refreshWorld();
  say('Clock set');
}

async function advanceClock() {
  const { minutes } = fieldsOf(byId('clock-form'));
  if (!/^\d+$/.test(minutes)) throw new Error('Advance takes whole minutes, 0 or more');
  await admin(inWorld('/clock/advance'), { method: 'POST', body: { ms: Math.round(Number(minutes) * 60_000) } });
  await refreshWorld();
  say(`Clock advanced ${minutes} minutes`);
}

async function reset() {
  const done = await admin(inWorld('/reset'), { method: 'POST' });
  view.listed = undefined;
  const note = await refreshAfterAction();
  say(`Reset ${view.session ? `session ${view.session}` : 'the base world'}: ${Object.values(done.corrections).reduce((a, b) => a + b, 0)} corrections, as loaded${note}`);
}

async function loadSessions() {
  const { data } = await admin('/__mock/sessions');
  if (view.session && !data.some((s) => s.id === view.session)) {
    // Ended elsewhere, or expired: show the base world rather than a world that answers 401.
    const gone = view.session;
    queueMicrotask(guarded(async () => {
      await showWorld(undefined);
      say(`Session ${gone} is no longer open: showing the base world`);
    }));
  }
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
  view.listed = undefined;
  view.faultsIntoForm = true;
  byId('world').value = view.session ?? '';
  await refreshAll();
  await listCorrections();
  say(`Showing ${view.session ? `session ${view.session}` : 'the base world'}`);
}

// ---- actions ----------------------------------------------------------------

/** Who may decide a pin: a writer of its project other than who pinned it (the mock answers that one separate-approver-required). */
const decidersOf = (change) => view.principals.filter((p) => usable(p) && p.writableProjectIds.includes(change.projectId)
  && !(change.pinnedBy && p.kind === change.pinnedBy.kind && p.id === change.pinnedBy.id));

async function loadApprovals() {
  const { data } = await admin(inWorld('/suggested-changes?status=waiting-for-second-person'));
  fill(byId('approval-rows'), data.map((change) => {
    const choices = decidersOf(change);
    const decider = el('select', { className: 'decider', onchange: () => view.deciders.set(change.approvalId, decider.value) }, choices.map((p) => el('option', { value: p.id }, p.name)));
    const kept = view.deciders.get(change.approvalId);
    if (kept && choices.some((p) => p.id === kept)) decider.value = kept;
    const decide = (decision) => el('button', { type: 'button', className: `decide-${decision}`, disabled: choices.length === 0, title: choices.length === 0 ? 'no principal of this world may decide it' : '', onclick: guarded(async () => {
      const decided = await admin(`/__mock/approvals/${change.approvalId}/${decision}`, { method: 'POST', token: principalById(decider.value)?.token });
      showJson(`${decision} ${change.approvalId}`, decided);
      view.deciders.delete(change.approvalId);
      const note = await refreshAfterAction();
      say(`${decision}: "${decided.title}" is now ${decided.status}${note}`);
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
      const note = await refreshAfterAction();
      say(`The check of "${change.title}" ${fails ? 'failed' : 'passed'}${note}`);
    }) }, fails ? 'Fails' : 'Passes');
    return el('tr', { 'data-id': change.id }, el('td', { title: change.id }, change.title), el('td', {}, finish(false), finish(true)));
  }), 'no check is running', 2);
}

async function postTestRun() {
  const form = byId('test-run-form');
  const f = fieldsOf(form);
  const ids = (text) => text.split(/[\s,]+/).filter(Boolean);
  const outcome = await admin('/__mock/test-runs', { method: 'POST', token: tokenOfChoice(form.elements.as), body: { version: f.version, how: f.how, wrong: ids(f.wrong), right: ids(f.right) } });
  showJson('POST /__mock/test-runs', outcome);
  const note = await refreshAfterAction();
  say(`Test run posted${note}`);
}

// ---- scenarios --------------------------------------------------------------

/** Brings a row of the page into view and marks it a moment; says so when the world shown has no such row. */
function reveal(selector, what) {
  const row = document.querySelector(selector);
  if (row === null) {
    say(`${what} is not shown on this page`);
    return;
  }
  row.scrollIntoView({ block: 'center' });
  row.classList.remove('flash');
  void row.offsetWidth; // restarts the animation when the same row is revealed twice
  row.classList.add('flash');
}

/** Reads a record made by a scenario through `/v1`, and brings the record panel into view. */
async function showMade(kind, id) {
  await showRecord(kind, id);
  byId('record').scrollIntoView({ block: 'nearest' });
}

const scenarios = startScenarios({
  pathOf: inWorld,
  worldName: () => (view.session ? `session ${view.session}` : 'the base world'),
  principalName: (id) => principalById(id)?.name,
  links: {
    corrections: guarded((id) => showMade('corrections', id)),
    suggestedChanges: guarded((id) => showMade('suggested-changes', id)),
    projects: (id) => reveal(`#project-rows tr[data-project="${CSS.escape(id)}"]`, `Project ${id}`),
    approvals: (id) => reveal(`#approval-rows tr[data-approval="${CSS.escape(id)}"]`, `Approval ${id}`),
    // A run has no page of its own: its corrections, through the list's run filter.
    runs: guarded(async (id) => {
      const form = byId('correction-filters');
      form.elements.runId.value = id;
      view.listed = undefined;
      await listCorrections();
      form.scrollIntoView({ block: 'start' });
    }),
  },
  // A scenario may make projects and give principals new ones: both are read again, then the rest.
  afterApply: async () => {
    view.listed = undefined;
    await loadProjects(inWorld('/projects'));
    await loadPrincipals();
    return refreshAfterAction({ projects: false });
  },
  say,
  showProblem,
});

// ---- start ------------------------------------------------------------------

/**
 * What changes when the world does: counts, the projects' counts, the clock, what waits to be
 * decided, the sessions' writes. `projects: false` when they were read just before.
 */
async function refreshWorld({ projects = true } = {}) {
  await Promise.all([loadCounts(), loadClock(), loadApprovals(), loadChecks(), loadSessions(), projects ? loadProjects(inWorld('/projects')) : undefined]);
}

/** Everything, the projects first: the principals, lists and scenario panel name them. */
async function refreshAll() {
  await loadProjects(inWorld('/projects'));
  await loadPrincipals();
  await Promise.all([refreshWorld({ projects: false }), listChanges(), scenarios.load()]);
}

/**
 * After an action of the page: the world, and the lists shown, asked again (a first page: the world
 * changed under any cursor). Resolves to what could not be read again, to say after the action's own
 * outcome (the corrections list may be asked as a principal whose token is refused).
 */
async function refreshAfterAction({ projects = true } = {}) {
  await refreshWorld({ projects });
  const lists = [listChanges(), listCorrections(), view.byStateAsked ? listByState() : Promise.resolve()];
  const refused = (await Promise.allSettled(lists)).filter((r) => r.status === 'rejected').map((r) => r.reason);
  return refused.length === 0 ? '' : ` (a list could not be read again: ${refused.map((p) => p.code ?? p.message).join(', ')})`;
}

let refreshSoon;
/**
 * A write of an app changed the world: refresh a moment later, at most once per moment however busy
 * the app is. Reads change nothing worth a refresh (and a health check every 10 s would fill the
 * journal with the page's own requests).
 */
function refreshAfter(entry) {
  if (entry.method === 'GET' || entry.method === 'HEAD' || entry.method === 'OPTIONS' || refreshSoon !== undefined) return;
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

/** The journal was refused: the secret changed under the page. Ask for it again; the journal starts again with it. */
function journalRefused(problem) {
  view.journal?.stop();
  view.journal = undefined;
  if (problem instanceof MockError && problem.code === 'mock-admin-only') {
    adminSecret.clear();
    askForSecret(problem);
  } else showProblem(problem);
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
  view.journal ??= startJournal({ onEntry: refreshAfter, onProblem: journalRefused });
  await listCorrections();
}

function wire() {
  const on = (id, event, action) => byId(id).addEventListener(event, guarded(action));
  on('secret-form', 'submit', async () => {
    adminSecret.set(byId('secret').value);
    byId('secret').value = '';
    await boot();
  });
  on('refresh', 'click', async () => {
    await refreshAll();
    say('Refreshed');
  });
  on('world', 'change', () => showWorld(byId('world').value));
  on('correction-filters', 'submit', () => {
    view.listed = undefined;
    return listCorrections();
  });
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
