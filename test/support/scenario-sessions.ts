// What the scenario tests (issue 32) share: a session opened and a scenario applied in it over
// HTTP, as a test of an app would; a token of the session allowed to read (or write) a project,
// found from the session's own principal listing; the document's enums; and the session's world
// checked with the domain rules, in process.
import { expect } from 'vitest';
import { checkWorld } from '../../src/domain/world-rules.ts';
import type { ScenarioCreated } from '../../src/scenarios/contract.ts';
import { loadSpec } from '../../src/spec/load-spec.ts';
import type { TestMock } from '../http/support.ts';

export interface ListedPrincipal {
  token: string;
  kind: 'user' | 'service';
  id: string;
  tenantId: string;
  role: 'admin' | 'member';
  readableProjectIds: string[];
  writableProjectIds: string[];
  actsForEndUsers?: true;
  expiresAt?: string;
  revokedAt?: string;
}

export interface OpenedSession {
  id: string;
  principals: ListedPrincipal[];
}

export interface Applied {
  scenario: string;
  params: Record<string, unknown>;
  created: ScenarioCreated;
}

/** POST /__mock/sessions with `body`; a 201 or the test fails, naming the answer. */
export async function openSession(server: TestMock, body: Record<string, unknown> = {}): Promise<OpenedSession & Record<string, unknown>> {
  const answer = await server.request('POST', '/__mock/sessions', { body: { ttlSeconds: 3600, ...body } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

export async function endSession(server: TestMock, id: string): Promise<void> {
  await server.request('DELETE', `/__mock/sessions/${id}`);
}

/** POST /__mock/sessions/{id}/scenarios/{name}; a 201 or the test fails, naming the answer. */
export async function applyInSession(server: TestMock, sessionId: string, name: string, params: Record<string, unknown> = {}): Promise<Applied> {
  const answer = await server.request('POST', `/__mock/sessions/${sessionId}/scenarios/${name}`, { body: params });
  expect(answer.status, `${name} ${JSON.stringify(params)} → ${JSON.stringify(answer.body)}`).toBe(201);
  return answer.body as Applied;
}

/** The session's principals as they stand now (a scenario may have widened who reads what). */
export async function principalsOf(server: TestMock, sessionId: string): Promise<ListedPrincipal[]> {
  const answer = await server.request('GET', `/__mock/sessions/${sessionId}`);
  expect(answer.status).toBe(200);
  return (answer.body as OpenedSession).principals;
}

const usable = (p: ListedPrincipal) => p.expiresAt === undefined && p.revokedAt === undefined;

/** A session token that may read `projectId` (an admin's when there is one), or the test fails. */
export function readerOf(principals: readonly ListedPrincipal[], projectId: string): string {
  const readers = principals.filter((p) => usable(p) && p.readableProjectIds.includes(projectId));
  const reader = readers.find((p) => p.role === 'admin') ?? readers[0];
  expect(reader, `no principal of the session may read project ${projectId}`).toBeDefined();
  return reader!.token;
}

/** The session's world, in process: where its records live (to pick a reader), and its rules. */
export function sessionWorld(server: TestMock, sessionId: string) {
  const world = server.mock.sessions.world(sessionId);
  expect(world, `session ${sessionId} is not open`).toBeDefined();
  return world!.store.worldView();
}

/** Every domain rule holds in the session's world. */
export function expectSessionKeepsRules(server: TestMock, sessionId: string, label = ''): void {
  expect(checkWorld(sessionWorld(server, sessionId)), label).toEqual([]);
}

/** The project of a correction or suggested change of the session (a suggested change's by its agent). */
export function projectOf(server: TestMock, sessionId: string, kind: 'correction' | 'suggested-change', id: string): string {
  const world = sessionWorld(server, sessionId);
  if (kind === 'correction') {
    const correction = world.corrections.find((c) => c.id === id);
    expect(correction, `correction ${id} is not in the session`).toBeDefined();
    return correction!.projectId;
  }
  const change = world.suggestedChanges.find((s) => s.id === id);
  expect(change, `suggested change ${id} is not in the session`).toBeDefined();
  const agent = world.agents.find((a) => a.id === change!.agentId);
  return change!.projectId ?? agent!.projectId;
}

type Schema = Record<string, any>;

/**
 * The values the document allows for the fields the issue names, read from spec/openapi.yaml
 * itself: an `enum`, or the `const` of each branch of a `oneOf` (madeBy's kinds), through `$ref`s.
 */
export function documentEnums(): Record<EnumField, string[]> {
  const document = loadSpec() as unknown as { components: { schemas: Record<string, Schema> } };
  const schemas = document.components.schemas;
  const resolve = (schema: Schema): Schema => (typeof schema.$ref === 'string' ? resolve(schemas[schema.$ref.replace('#/components/schemas/', '')]!) : schema);
  const valuesOf = (schema: Schema): string[] => {
    const resolved = resolve(schema);
    if (Array.isArray(resolved.enum)) return resolved.enum;
    if (resolved.const !== undefined) return [resolved.const];
    if (Array.isArray(resolved.oneOf)) return resolved.oneOf.flatMap((branch: Schema) => valuesOf(resolve(branch).properties.kind));
    throw new Error(`no enum in ${JSON.stringify(resolved).slice(0, 200)}`);
  };
  const property = (schema: string, ...path: string[]) => path.reduce<Schema>((at, name) => resolve(at).properties[name], schemas[schema]!);
  return {
    'Correction.status': valuesOf(property('Correction', 'status')),
    'Correction.fixedIn.how': valuesOf(property('Correction', 'fixedIn', 'how')),
    'Correction.reopenedIn.how': valuesOf(property('Correction', 'reopenedIn', 'how')),
    'Correction.sortedTo': valuesOf(property('Correction', 'sortedTo')),
    SuggestedChangeStatus: valuesOf(schemas.SuggestedChangeStatus!),
    'SuggestedChange.madeBy.kind': valuesOf(property('SuggestedChange', 'madeBy')),
  };
}

export type EnumField =
  | 'Correction.status' | 'Correction.fixedIn.how' | 'Correction.reopenedIn.how' | 'Correction.sortedTo'
  | 'SuggestedChangeStatus' | 'SuggestedChange.madeBy.kind';
