// Stands in for a command whose issue has not landed yet: says so and fails, rather than pretend.
const [command = 'this command', issue = 'its issue'] = process.argv.slice(2);
process.stderr.write(`kindgi-mock: \`npm run ${command}\` is not built yet (${issue} in the tracker).\n`);
process.exit(1);
