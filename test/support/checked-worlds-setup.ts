// Vitest globalSetup: the whole run remembers checked worlds in its own temp folder, never in the
// user's cache, since createMock() and the CLI remember by default (KINDGI_MOCK_CHECKED_WORLDS).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * - Sets KINDGI_MOCK_CHECKED_WORLDS before any test file runs; the test processes inherit it, and
 *   so do the CLIs they spawn.
 * - The returned teardown removes the folder and puts the variable back as it was.
 */
export default function setup(): () => void {
  const before = process.env.KINDGI_MOCK_CHECKED_WORLDS;
  const root = mkdtempSync(join(tmpdir(), 'kindgi-mock-test-run-'));
  process.env.KINDGI_MOCK_CHECKED_WORLDS = join(root, 'checked-worlds');
  return () => {
    rmSync(root, { recursive: true, force: true });
    if (before === undefined) delete process.env.KINDGI_MOCK_CHECKED_WORLDS;
    else process.env.KINDGI_MOCK_CHECKED_WORLDS = before;
  };
}
