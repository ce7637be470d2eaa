// The projects of the world shown, from `GET /__mock/projects` (or a session's): the page names a
// project wherever a record gives only its id, and lists them with their gates and counts.
import { admin } from './api.js';
import { byId, el, fill, shortId } from './dom.js';

/** The projects of the world shown, by id; replaced whole on each load (a session has its own). */
let known = new Map();

/** `secondPerson` → `second person`: the answer's own field names, readable. */
const words = (name) => name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * The gates as a line: each one that is on (a true flag, or a value other than `none`). The page
 * reads the fields the answer has rather than a list of its own, so a new gate shows by itself.
 */
function gatesLine(gates) {
  if (gates === null || typeof gates !== 'object') return '';
  return Object.entries(gates)
    .filter(([, value]) => value !== false && value !== null && value !== undefined && value !== 'none')
    .map(([name, value]) => (value === true ? words(name) : `${words(name)}: ${value}`))
    .join(', ');
}

/** A count as a number: a count by status is summed (its parts are in the cell's title). */
const total = (count) => (typeof count === 'number' ? count : Object.values(count ?? {}).reduce((sum, part) => sum + total(part), 0));

function countCell(count) {
  const parts = count !== null && typeof count === 'object' ? Object.entries(count).filter(([, n]) => total(n) > 0).map(([status, n]) => `${status}: ${total(n)}`) : [];
  return el('td', { title: parts.join('\n') }, String(total(count)));
}

function projectRow(project) {
  const counts = project.counts ?? {};
  return el('tr', { 'data-project': project.id },
    el('td', {}, project.name),
    el('td', { title: project.id, className: 'projects' }, shortId(project.id)),
    el('td', {}, project.orgId ?? ''),
    el('td', {}, gatesLine(project.gates)),
    countCell(counts.corrections),
    countCell(counts.suggestedChanges));
}

/** Reads the projects of the world at `path` (`/__mock/projects` or a session's) and fills their table. */
export async function loadProjects(path) {
  const { data } = await admin(path);
  known = new Map(data.map((project) => [project.id, project]));
  fill(byId('project-rows'), data.map(projectRow), 'no projects', 6);
}

/** The projects of the world shown, as read last. */
export const projectsShown = () => [...known.values()];

/** A project's name, or its short id when the world shown has no such project; '' for none (a change made before projects). */
export const projectName = (id) => (id === undefined || id === null ? '' : known.get(id)?.name ?? shortId(id));

/** A cell naming the project of `id`, its id on hover; empty when the record has none. */
export const projectCell = (id) => el('td', { title: id ?? undefined }, projectName(id));

/** A cell naming the projects of `ids` (their ids on hover); `none` when there are none. */
export const projectsCell = (ids) => el('td', { className: 'project-names', title: ids.join('\n') }, ids.length === 0 ? 'none' : ids.map(projectName).join(', '));
