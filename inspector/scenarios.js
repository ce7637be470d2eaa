// The scenario panel: the catalogue from `GET /__mock/scenarios`, a form made from the chosen
// scenario's parameters (their JSON Schema), and Apply, which posts them to the world shown and says
// what was made, each id a link to where the page shows it, or the refusal and the field it names.
import { admin, MockError } from './api.js';
import { byId, el } from './dom.js';
import { projectName, projectsShown } from './projects.js';

/** Past this many ids of one kind, the rest are counted, not listed (a scenario may make 10 000). */
const MOST_IDS_SHOWN = 12;

const CREATED_KINDS = [
  ['corrections', 'correction', 'corrections'],
  ['suggestedChanges', 'suggested change', 'suggested changes'],
  ['projects', 'project', 'projects'],
  ['approvals', 'approval', 'approvals'],
  ['runs', 'run', 'runs'],
];

/** `madeBy` → `made by`. */
const words = (name) => name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** A schema's type, the first but `null` when it lists several. */
const typeOf = (schema) => (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type);

/** A parameter naming a project is offered the world's projects by name (any text may still be typed). */
const namesProject = (name) => /projectid$/i.test(name);

/**
 * The field of one parameter, at its default: a select for an enum, a number with its bounds, text,
 * and for a boolean a checkbox. A boolean with no default is a select of yes, no and the default,
 * since a checkbox cannot say "let the scenario choose", and `false` is a choice of its own.
 */
function fieldOf(name, schema) {
  const id = `scenario-param-${name}`;
  const hint = schema.default !== undefined ? `default: ${schema.default}` : 'default';
  const type = typeOf(schema);
  const common = { id, title: schema.description, 'data-param': name };
  let input;
  if (Array.isArray(schema.enum)) {
    input = el('select', common, el('option', { value: '' }, `(${hint})`), schema.enum.map((value) => el('option', { value: String(value) }, String(value))));
  } else if (type === 'integer' || type === 'number') {
    input = el('input', { ...common, type: 'number', step: type === 'integer' ? '1' : 'any', min: schema.minimum, max: schema.maximum, placeholder: hint, inputMode: 'numeric' });
  } else if (type === 'boolean' && typeof schema.default === 'boolean') {
    input = el('input', { ...common, type: 'checkbox', checked: schema.default });
  } else if (type === 'boolean') {
    input = el('select', common, el('option', { value: '' }, '(default)'), el('option', { value: 'true' }, 'yes'), el('option', { value: 'false' }, 'no'));
  } else {
    input = el('input', { ...common, type: 'text', placeholder: namesProject(name) ? 'any fitting project' : hint, autocomplete: 'off' });
    if (namesProject(name)) {
      // An id typed or picked is named beneath it, as the page names projects everywhere else.
      input.setAttribute('list', 'scenario-projects');
      const named = el('output', { className: 'quiet project-named', htmlFor: id });
      input.addEventListener('input', () => { named.textContent = input.value.trim() === '' ? '' : projectName(input.value.trim()); });
      return el('div', { className: 'field' }, el('label', { htmlFor: id }, name), input, named);
    }
  }
  // The label beside the control, not around it: around a select, its name would take in the option shown.
  return el('div', { className: 'field' }, el('label', { htmlFor: id }, name), input);
}

/**
 * The parameters the form says, as the route takes them: an empty field is left out (its default),
 * a checkbox only when it differs from its default. What the field holds is sent as typed (a
 * number as a number), so that the mock, not the page, judges it and names the field it refuses.
 */
function paramsOf(fieldset, schema) {
  const params = {};
  for (const input of fieldset.querySelectorAll('[data-param]')) {
    const name = input.dataset.param;
    const property = schema.properties?.[name] ?? {};
    if (input.type === 'checkbox') {
      if (input.checked !== (property.default === true)) params[name] = input.checked;
      continue;
    }
    const text = input.value.trim();
    if (text === '') continue;
    const type = typeOf(property);
    if (Array.isArray(property.enum)) params[name] = property.enum.find((value) => String(value) === text) ?? text;
    else if (type === 'boolean') params[name] = text === 'true';
    else if (type === 'integer' || type === 'number') params[name] = Number(text);
    else params[name] = text;
  }
  return params;
}

/**
 * Starts the panel.
 * - `pathOf(suffix)`: the route of the world shown (`/__mock/scenarios/x` or a session's).
 * - `worldName()`: what the heading says the scenario is applied to.
 * - `principalName(id)`: a principal's name in the world shown, or undefined.
 * - `links[kind](id)`: shows a created record where the page can (a kind without one is plain text).
 * - `afterApply()`: refreshes the views; resolves to a note of what could not be read again.
 * - `say(text)`, `showProblem(problem)`: the page's status line.
 */
export function startScenarios({ pathOf, worldName, principalName, links, afterApply, say, showProblem }) {
  let catalogue;
  const select = byId('scenario-name');
  const fieldset = byId('scenario-params');
  const result = byId('scenario-result');
  const chosen = () => catalogue?.find((scenario) => scenario.name === select.value);

  function showForm() {
    const scenario = chosen();
    byId('scenario-description').textContent = scenario?.description ?? '';
    const properties = Object.entries(scenario?.params?.properties ?? {});
    fieldset.replaceChildren(fieldset.querySelector('legend'),
      ...(properties.length > 0 ? properties.map(([name, schema]) => fieldOf(name, schema)) : [el('span', { className: 'quiet' }, 'no parameters')]));
    result.replaceChildren();
  }

  function markInvalid(field) {
    for (const input of fieldset.querySelectorAll('[data-param]')) {
      const bad = field !== undefined && input.dataset.param === field;
      if (bad) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
      input.closest('.field')?.classList.toggle('invalid', bad);
    }
  }

  const idLink = (kind, id) => {
    const label = kind === 'projects' ? `${projectName(id)} (${id})` : id;
    return links[kind] ? el('button', { type: 'button', className: 'link', 'data-created-id': id, onclick: () => links[kind](id) }, label) : el('code', { 'data-created-id': id }, label);
  };

  /** Who the scenario names (who made it, who may approve it…), when the answer says. */
  const principalsLine = (principals) => {
    const named = Object.entries(principals ?? {}).filter(([, p]) => p !== null && typeof p === 'object' && typeof p.id === 'string');
    return named.length === 0 ? undefined : el('p', { className: 'quiet', 'data-principals': '' },
      named.map(([role, p]) => `${words(role)}: ${principalName(p.id) ?? p.id}${p.role ? ` (${p.role})` : ''}`).join('; '));
  };

  /** The parameters as applied, defaults filled in, a project by its name. */
  const paramsLine = (params) => Object.entries(params ?? {})
    .map(([name, value]) => (namesProject(name) && typeof value === 'string' ? `${name} ${projectName(value)}` : `${name} ${JSON.stringify(value)}`))
    .join(', ');

  function showCreated(request, answer) {
    const made = CREATED_KINDS.filter(([kind]) => (answer.created?.[kind]?.length ?? 0) > 0).map(([kind, one, many]) => {
      const ids = answer.created[kind];
      return el('div', { className: 'created-ids', 'data-created': kind },
        el('strong', {}, `${ids.length} ${ids.length === 1 ? one : many}`),
        ids.slice(0, MOST_IDS_SHOWN).map((id) => idLink(kind, id)),
        ids.length > MOST_IDS_SHOWN ? el('span', { className: 'quiet' }, `and ${ids.length - MOST_IDS_SHOWN} more`) : undefined);
    });
    result.replaceChildren(el('div', { className: 'outcome', 'data-outcome': 'created' },
      el('p', {}, el('code', { className: 'request' }, request), ' → 201'),
      el('p', { className: 'quiet', 'data-applied-params': '' }, `as applied: ${paramsLine(answer.params)}`),
      made.length > 0 ? made : el('p', {}, 'nothing was made'),
      principalsLine(answer.principals)));
  }

  function showRefusal(request, problem) {
    markInvalid(problem.details?.field);
    result.replaceChildren(el('div', { className: 'outcome problem', role: 'alert', 'data-outcome': 'refused', 'data-code': problem.code },
      el('p', {}, el('code', { className: 'request' }, request), ` → ${problem.status}`),
      el('p', {}, el('strong', { className: 'error-code' }, problem.code), ': ', el('span', { className: 'error-message' }, problem.message)),
      problem.details !== undefined ? el('pre', { className: 'json error-details' }, JSON.stringify(problem.details, null, 2)) : undefined,
      problem.requestId ? el('p', { className: 'quiet' }, `request ${problem.requestId}`) : undefined));
  }

  async function apply() {
    const scenario = chosen();
    if (scenario === undefined) throw new Error('choose a scenario first');
    const params = paramsOf(fieldset, scenario.params ?? {});
    const path = pathOf(`/scenarios/${encodeURIComponent(scenario.name)}`);
    const request = `POST ${path} ${JSON.stringify(params)}`;
    markInvalid(undefined);
    let answer;
    try {
      answer = await admin(path, { method: 'POST', body: params });
    } catch (problem) {
      if (!(problem instanceof MockError)) throw problem;
      showRefusal(request, problem);
      showProblem(problem);
      return;
    }
    // Shown once the views are read again, so that a project it made is shown by its name.
    const note = await afterApply();
    showCreated(request, answer);
    const total = CREATED_KINDS.reduce((sum, [kind]) => sum + (answer.created?.[kind]?.length ?? 0), 0);
    say(`Applied ${scenario.name} to ${worldName()}: ${total} records made${note}`);
  }

  select.addEventListener('change', showForm);
  byId('scenario-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      await apply();
    } catch (problem) {
      showProblem(problem);
    }
  });

  return {
    /** The catalogue (read once: it is the mock's, the same for every world), the heading and the projects offered. */
    async load() {
      byId('scenario-world').textContent = `applied to ${worldName()}`;
      byId('scenario-projects').replaceChildren(...projectsShown().map((project) => el('option', { value: project.id, label: project.name })));
      if (catalogue !== undefined) return;
      catalogue = (await admin('/__mock/scenarios')).data;
      select.replaceChildren(...catalogue.map((scenario) => el('option', { value: scenario.name }, scenario.name)));
      showForm();
    },
  };
}
