// The reference the walk compares the target with: kindgi-mock itself, in this process, over the
// world the walk read on the target. Each sequence runs in a session of its own (a fresh copy of
// that world), reached through the mock's transport-neutral core, on a frozen clock that moves
// one second before every step: a time in its answers names the step that set it.
import { createNodeCore } from '../../src/http/app.ts';
import type { MockCore } from '../../src/http/core.ts';
import { READ_HANDLERS } from '../../src/http/routes/read-handlers.ts';
import { WRITE_HANDLERS } from '../../src/http/routes/write-handlers.ts';
import { createMock, type Mock } from '../../src/index.ts';
import type { WalkGround } from './ground.ts';
import { MODEL_CALLER_TOKEN, modelWorldOf } from './model-world.ts';

/** One answer, as the walk compares it (the target's are read the same way). */
export interface Answer {
  status: number;
  /** By lower-case name. */
  headers: Record<string, string>;
  text: string;
  body: unknown;
}

export interface ModelRequest {
  method: string;
  /** With its query. */
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export const STEP_MS = 1000;
/** The model's times end in this many milliseconds: readable, and unlike most of a real clock's. */
const MODEL_MS = 7;

export interface ModelSequence {
  /** The model's time at step `index` (its first step is 1). */
  timeOfStep(index: number): number;
  /** The step whose write set `time` (a model time); undefined for a time from before the walk. */
  stepOf(time: number): number | undefined;
  /** Moves the clock on to the next step. */
  nextStep(): void;
  send(request: ModelRequest): Promise<Answer>;
  end(): void;
}

export interface WalkModel {
  sequence(): ModelSequence;
  close(): void;
}

export function createWalkModel(ground: WalkGround): WalkModel {
  // Past every time the walk read on the target (its clock may run ahead of this machine's), and
  // off the whole second by MODEL_MS, so that no time the target stored reads as a step's.
  const origin = Math.ceil(Math.max(Date.now(), ground.latest) / 1000) * 1000 + 60_000 + MODEL_MS;
  const mock: Mock = createMock({
    world: modelWorldOf(ground),
    clock: { now: origin, frozen: true },
    logger: { warn: () => {}, error: () => {} },
  });
  const core: MockCore = createNodeCore(mock.context, { ...READ_HANDLERS, ...WRITE_HANDLERS });
  let sequences = 0;

  return {
    sequence() {
      sequences += 1;
      const session = mock.createSession({ name: `stateful walk sequence ${sequences}` });
      const token = session.principals.find((p) => mock.sessions.resolveToken(p.token)?.token === MODEL_CALLER_TOKEN)!.token;
      // A session's world keeps a clock of its own, started as the mock's: frozen at the origin.
      const clock = mock.sessions.world(session.id)!.clock;
      const start = origin;
      let step = 0;
      return {
        timeOfStep: (index) => start + index * STEP_MS,
        stepOf: (time) => (time >= start && (time - start) % STEP_MS === 0 ? (time - start) / STEP_MS : undefined),
        nextStep() {
          step += 1;
          clock.set({ now: start + step * STEP_MS, frozen: true });
        },
        async send({ method, path, headers = {}, body }) {
          const [pathname, query = ''] = path.split(/\?(.*)/s, 2) as [string, string?];
          const response = await core.handle({
            method,
            path: pathname,
            query,
            headers: {
              authorization: `Bearer ${token}`,
              ...Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])),
              ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
            },
            ...(body !== undefined ? { body: new TextEncoder().encode(JSON.stringify(body)) } : {}),
          });
          const text = response.body ? new TextDecoder().decode(response.body) : '';
          let parsed: unknown;
          try {
            parsed = text === '' ? undefined : JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          return { status: response.status, headers: Object.fromEntries(Object.entries(response.headers).map(([n, v]) => [n.toLowerCase(), v])), text, body: parsed };
        },
        end() {
          mock.sessions.end(session.id);
        },
      };
    },
    close() {
      mock.close();
    },
  };
}
