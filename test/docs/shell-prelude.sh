# Sourced before each shell block the docs harness runs (test/docs/check-examples.ts), under bash.
# curl: prints the body, and fails unless the answer's status matches $KINDGI_EXPECT_STATUS (2?? by default).
# npx kindgi-mock (the server): starts it in the background on $KINDGI_DOCS_PORT, on 127.0.0.1, and returns once it
#   listens; the harness stops it with the block's process group.
# npm: `kindgi-mock` in its arguments is the packed tarball, which stands in for the registry; an install takes what
#   the npm cache has (--prefer-offline), as the scratch app's own install does, so that a run rarely waits on the registry.

curl() {
  local out status code
  # The status goes last on stdout, after what the call prints (its body, or the headers of -i or -D -).
  out=$(command curl --silent --show-error --max-time 20 "$@" --write-out '\n%{http_code}') || {
    code=$?
    printf '%s\n' "$out"
    echo "curl exited $code: curl $*" >&2
    return "$code"
  }
  status=${out##*$'\n'}
  printf '%s\n' "${out%$'\n'*}"
  # shellcheck disable=SC2254 # the expected status is a pattern on purpose (2??, 4??, 404)
  case "$status" in
    $KINDGI_EXPECT_STATUS) ;;
    *)
      echo "curl answered HTTP $status where the block expects $KINDGI_EXPECT_STATUS: curl $*" >&2
      return 22
      ;;
  esac
}

npx() {
  if [[ "$1" == kindgi-mock && "$2" != contracts && " $* " != *" --help "* ]]; then
    shift
    local log pid
    log=$(mktemp)
    command npx kindgi-mock "$@" --host 127.0.0.1 --port "$KINDGI_DOCS_PORT" >"$log" 2>&1 </dev/null &
    pid=$!
    for _ in $(seq 1 300); do
      if grep -q 'listening on' "$log"; then
        cat "$log"
        return 0
      fi
      if ! kill -0 "$pid" 2>/dev/null; then
        cat "$log" >&2
        echo "npx kindgi-mock $* exited before it listened" >&2
        return 1
      fi
      sleep 0.1
    done
    cat "$log" >&2
    echo "npx kindgi-mock $* did not listen in 30 s" >&2
    return 1
  fi
  command npx "$@"
}

npm() {
  local args=() arg
  for arg in "$@"; do
    if [[ "$arg" == kindgi-mock || "$arg" == kindgi-mock@* ]]; then arg="$KINDGI_DOCS_TARBALL"; fi
    args+=("$arg")
  done
  if [[ "$1" == install || "$1" == i ]]; then args+=(--prefer-offline --no-audit --no-fund); fi
  command npm "${args[@]}"
}
