// The inspector's DOM helpers: elements made from text, never from HTML (the records it shows are
// anyone's input), a form's fields, and copying to the clipboard on any origin.

/** `el('td', { className: 'x', onclick }, 'text', child)`: props are set as properties; children are nodes or text. */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined) continue;
    if (name.startsWith('data-') || name.startsWith('aria-')) node.setAttribute(name, String(value));
    else node[name] = value;
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

export const byId = (id) => document.getElementById(id);

/** Empties `parent` and fills it with `rows`, or with one row saying `empty` when there are none. */
export function fill(parent, rows, empty, columns) {
  parent.replaceChildren(...(rows.length > 0 ? rows : [el('tr', {}, el('td', { colSpan: columns, className: 'quiet' }, empty))]));
}

/** A form's fields by name, as trimmed text; a checkbox as true or false. */
export function fieldsOf(form) {
  const fields = {};
  for (const input of form.elements) {
    if (!input.name) continue;
    fields[input.name] = input.type === 'checkbox' ? input.checked : input.value.trim();
  }
  return fields;
}

/**
 * Copies `text`. The Clipboard API needs a secure context (https, or localhost): a demo reached
 * over plain http at its address is neither, so the old selection way is the fallback.
 */
export async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = el('textarea', { value: text, readOnly: true, className: 'offscreen' });
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('this browser would not copy; select the text by hand');
}

export const shortId = (id) => (id.length > 14 ? `${id.slice(0, 8)}…${id.slice(-4)}` : id);

/** `2026-12-01T09:30:00.123Z` → `09:30:00.123`, in UTC as the mock writes it. */
export const timeOf = (iso) => iso.slice(11, 23);
