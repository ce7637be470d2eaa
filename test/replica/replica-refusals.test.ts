// Issue 35: what a replica refuses or warns about when it starts or is used in process: options a
// store rules out (each named, the URL's password never repeated), in-process changes that would
// reach this process's worlds only, and a second replica under a name that is already answering.
import { afterAll, describe, expect, it } from 'vitest';
import { createMock } from '../../src/index.ts';
import { silentLogger, type TestMock } from '../http/support.ts';
import { closeAll, freshStore, startReplica } from './support.ts';

const started: TestMock[] = [];
afterAll(() => closeAll(started));

describe('with a store', () => {
  it('refuses options that would keep or make a world of this process alone, and a URL that is not PostgreSQL\'s, without repeating it', () => {
    const store = 'postgres://kindgi:secret@127.0.0.1:1/none';
    expect(() => createMock({ store, stateFile: '/tmp/never.state.jsonl' })).toThrow(/--state/);
    expect(() => createMock({ store, dates: 'now' })).toThrow(/--dates now/);
    expect(() => createMock({ store, clock: () => 0 })).toThrow(/clock function/);
    const wrongScheme = () => createMock({ store: 'mysql://someone:hunter2@127.0.0.1/db' });
    expect(wrongScheme).toThrow(/PostgreSQL URL.*not one that starts "mysql:"/);
    expect(wrongScheme).not.toThrow(/hunter2/);
  });

  it('refuses in-process changes to its worlds: they go over HTTP, through the store', async () => {
    const replica = await startReplica(await freshStore(), 'a');
    started.push(replica);
    const { mock } = replica;
    expect(() => mock.createSession()).toThrow(/createSession changes only this process's worlds.*POST \/__mock\/sessions/);
    expect(() => mock.sessions.create({})).toThrow(/sessions\.create/);
    expect(() => mock.sessions.end('ses_0000000000000000')).toThrow(/sessions\.end/);
    expect(() => mock.clock.advance(1000)).toThrow(/mock\.clock/);
    expect(() => mock.scenarios.apply('empty-project' as never, {} as never)).toThrow(/scenarios\.apply/);
    // Reading is fine, and nothing was opened.
    expect(mock.sessions.list()).toEqual([]);
  });

  it('warns a replica started under the name of one that is answering', async () => {
    const store = await freshStore();
    started.push(await startReplica(store, 'twin'));
    const { logger, lines } = silentLogger();
    const second = createMock({ store, replicaId: 'twin', deterministic: true, logger });
    await second.ready();
    second.close();
    expect(lines.join('\n')).toMatch(/another replica named twin answered \d+ ms ago.*its own --replica-id/);
  });
});
