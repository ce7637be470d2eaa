#!/usr/bin/env node
// The package's command: `kindgi-mock [flags]` runs the mock, `kindgi-mock contracts [flags]` the
// contract kit; TypeScript runs through tsx's loader, with no build step.
import { register } from 'tsx/esm/api';

register();
if (process.argv[2] === 'contracts') {
  const { main, USAGE } = await import('../contracts/cli.ts');
  try {
    process.exitCode = await main(process.argv.slice(3));
  } catch (error) {
    process.stderr.write(`kindgi-mock contracts: ${error.message}\n${USAGE}\n`);
    process.exitCode = 2;
  }
} else {
  await import('../src/cli.ts');
}
