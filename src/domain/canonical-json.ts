// Canonical JSON (object keys sorted, no insignificant white space): the form whose length
// page 000 bounds for `shouldCall[].args`.

export function canonicalJson(value: unknown): string {
  // Built by appending, not with map and join: cursors bind every list request by it.
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i += 1) text += (i > 0 ? ',' : '') + canonicalJson(value[i]);
    return `${text}]`;
  }
  if (value !== null && typeof value === 'object') {
    let text = '';
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key];
      if (member !== undefined) text += `${text === '' ? '' : ','}${JSON.stringify(key)}:${canonicalJson(member)}`;
    }
    return `{${text}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
