#!/usr/bin/env node
// The package's command: `kindgi-mock [options]` runs the mock, `kindgi-mock contracts [options]`
// the contract kit. Installed, it runs as compiled JavaScript on plain node.
if (process.argv[2] === 'contracts') {
  const { main, USAGE } = await import('../contracts/cli.ts');
  try {
    process.exitCode = await main(process.argv.slice(3));
  } catch (error) {
    process.stderr.write(`kindgi-mock contracts: ${(error as Error).message}\n${USAGE}\n`);
    process.exitCode = 2;
  }
} else {
  await import('./cli.ts');
}

// A module, for top-level await.
export {};
