#!/bin/sh
# The container recipe's install step (Dockerfile, runtime stage): the packed kindgi-mock tarball
# unpacked into DEST, with its runtime dependencies only, exactly as the lock file pins them.
# test/package/consumer.test.ts runs this same script outside a container.
#   usage: install-package.sh TARBALL PACKAGE-LOCK DEST
set -eu
if [ "$#" -ne 3 ]; then
  echo "usage: install-package.sh TARBALL PACKAGE-LOCK DEST" >&2
  exit 2
fi
tarball=$1
lock=$2
dest=$3
mkdir -p "$dest"
tar -xzf "$tarball" -C "$dest" --strip-components=1
cp "$lock" "$dest/package-lock.json"
cd "$dest"
# --ignore-scripts: the tarball ships dist/ built; its prepare script (the build) needs the dev tools left out here.
npm ci --omit=dev --ignore-scripts --no-audit --no-fund
