// `npm run build` (and `prepare`): compiles src/ and contracts/ into dist/ with the pinned TypeScript.
// A path install (`npm install -D ../kindgi-mock`) runs `prepare` in a clone where `npm install`
// may never have run: then the clone's own dependencies are installed first, from its lock file,
// so that the build finds its compiler and the linked package finds what it needs at run time.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`kindgi-mock build: ${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`})\n`);
    process.exit(result.status ?? 1);
  }
}

if (!existsSync(tsc)) {
  process.stderr.write('kindgi-mock build: no node_modules here; installing this package\'s own dependencies from package-lock.json first\n');
  // --include=dev: the compiler is a dev dependency, whatever the outer install omits.
  run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--include=dev']);
}
rmSync(join(root, 'dist'), { recursive: true, force: true });
run(process.execPath, [tsc, '-p', 'tsconfig.build.json']);

// Every entry of package.json's "exports" must have been built: an export that names a file tsc
// did not emit (a moved module, one left out of tsconfig.build.json) would ship a package whose
// import fails only in the user's app.
const { exports } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const targets = Object.values(exports).flatMap((entry) => (typeof entry === 'string' ? [entry] : Object.values(entry)));
const missing = targets.filter((target) => !existsSync(join(root, target)));
if (missing.length > 0) {
  process.stderr.write(`kindgi-mock build: package.json's exports name files the build did not make: ${missing.join(', ')}\n`);
  process.exit(1);
}
