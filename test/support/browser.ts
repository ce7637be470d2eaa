// Headless Chromium for the browser tests, from @sparticuz/chromium (Playwright's own download is
// blocked on these machines), driven by playwright-core: one launch, shared by every browser test.
import chromium from '@sparticuz/chromium';
import { chromium as playwright, type Browser } from 'playwright-core';

/**
 * A browser that behaves as a user's would.
 * - The args that would switch CORS off are left out, so the browser enforces it.
 * - So is --single-process, under which two contexts share one localStorage (each page would hold
 *   the other's token).
 * - `extraArgs`, e.g. `--host-resolver-rules=MAP demo.example 127.0.0.1`, to reach a loopback
 *   server by another name.
 */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return playwright.launch({
    executablePath: await chromium.executablePath(),
    args: [...chromium.args.filter((arg) => !/disable-web-security|site-isolation|insecure-content|single-process/.test(arg)), ...extraArgs],
    headless: true,
  });
}
