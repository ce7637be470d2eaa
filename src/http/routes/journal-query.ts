// The query of `GET /__mock/requests` and its stream: `limit`, `status` and `path`, each optional.
import { ApiError } from '../api-error.ts';
import type { JournalFilter } from '../request-journal.ts';
import { queryLimit, queryParameter } from './body-fields.ts';

export const MAX_JOURNAL_LIMIT = 1000;

export function parseJournalQuery(query: Record<string, unknown>): JournalFilter {
  const one = (name: string) => queryParameter(query, name);
  const filter: JournalFilter = {};
  const limit = queryLimit(query, MAX_JOURNAL_LIMIT);
  if (limit !== undefined) filter.limit = limit;
  const status = one('status');
  if (status !== undefined) {
    const exact = /^[1-5]\d\d$/.exec(status);
    const kind = /^([1-5])xx$/i.exec(status);
    if (!exact && !kind) throw new ApiError('bad-input', 'status is a status (404) or a class of them (4xx)', { parameter: 'status' });
    filter.status = exact ? { exact: Number(status) } : { class: Number(kind![1]) };
  }
  const path = one('path');
  if (path !== undefined) {
    if (path.length === 0 || path.length > 1000) throw new ApiError('bad-input', 'path is 1 to 1000 characters of the path (and query) to look for', { parameter: 'path' });
    filter.path = path;
  }
  return filter;
}
