// `npm run contracts:prism -- --upstream URL [options]`: the suite through Prism's validating proxy.
import { main, USAGE } from './cli.ts';

main(process.argv.slice(2), 'prism').then((code) => process.exit(code), (error: Error) => {
  process.stderr.write(`kindgi-mock contracts:prism: ${error.message}\n${USAGE}\n`);
  process.exit(2);
});
