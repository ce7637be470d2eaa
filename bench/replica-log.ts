// A long log for the join measurement, made quickly: a real write through a replica gives the
// shape of an entry (a new correction on a run, superseding the run's previous one, as
// POST /v1/corrections does), and the rest are inserted with SQL in batches, each entry its own new
// correction with an id of its own. Some 10 ms per write through the API would take 15 minutes
// for 100 000; the SQL takes seconds, and the replica that joins applies the same kind of entries.
import pg from 'pg';
import type { Correction } from '../src/domain/types.ts';
import type { Effect } from '../src/replica/log-effects.ts';

const BATCH = 2000;

export interface TemplateWrite {
  /** The entry the API appended for one POST /v1/corrections: its correction changes, as logged. */
  effects: Effect[];
}

/** The last entry of the log at `url`: a write's effects, to copy. */
export async function lastEntryOf(url: string): Promise<TemplateWrite> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const row = (await client.query('select effects from kindgi_log order by seq desc limit 1')).rows[0] as { effects: string } | undefined;
    if (!row) throw new Error('the log has no entry to copy');
    return { effects: JSON.parse(row.effects) as Effect[] };
  } finally {
    await client.end();
  }
}

/**
 * Appends `count` entries after the log's head, each a new correction (a copy of the template's
 * newest one, with a new id and times) that supersedes the one the entry before made.
 */
export async function appendCorrectionEntries(url: string, template: TemplateWrite, count: number): Promise<void> {
  const changes = template.effects.find((effect) => effect.kind === 'changes');
  const made = changes?.kind === 'changes' ? changes.changes.corrections?.at(-1) : undefined;
  if (!changes || changes.kind !== 'changes' || !made) throw new Error('the template entry made no correction');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const head = Number((await client.query('select coalesce(max(seq), 0) as head from kindgi_log')).rows[0].head);
    const started = Date.parse(made.createdAt);
    let previous: Correction = made;
    for (let done = 0; done < count; done += BATCH) {
      const seqs: number[] = [];
      const texts: string[] = [];
      for (let i = done; i < Math.min(count, done + BATCH); i += 1) {
        const at = new Date(started + (i + 1) * 10).toISOString();
        const next: Correction = { ...made, id: `cor_bench${(i + 1).toString(16).padStart(11, '0')}`, createdAt: at, updatedAt: at };
        const superseded: Correction = { ...previous, supersededBy: next.id, updatedAt: at, unregisteredAt: at };
        const effect: Effect = { kind: 'changes', world: changes.world, changes: { corrections: [superseded, next] } };
        seqs.push(head + i + 1);
        texts.push(JSON.stringify([effect]));
        previous = next;
      }
      await client.query(`insert into kindgi_log (seq, replica, effects) select * from unnest($1::bigint[], array_fill('bench'::text, array[$3::int]), $2::text[])`, [seqs, texts, seqs.length]);
    }
  } finally {
    await client.end();
  }
}
