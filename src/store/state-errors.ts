// The two ways `--state FILE` fails: a file that cannot be restored (the start stops), and a
// write that could not reach the disk (that one request is refused, nothing changes).

/** The state file cannot be used: it is held by another server, corrupt, or for another world. */
export class StateFileError extends Error {
  constructor(path: string, problem: string) {
    super(`--state ${path}: ${problem}`);
    this.name = 'StateFileError';
  }
}

/** Seconds a client is told to wait after a write the disk refused (a full disk is not freed at once). */
export const STATE_WRITE_RETRY_AFTER_SECONDS = 5;

/**
 * A write, or a reset, that did not fully reach the disk. Nothing of it was applied in memory and
 * the file was cut back to its last whole line (or will be, before the next write).
 * - `reason` is short and safe to show a client (`ENOSPC`, `EIO`, `short-write`, …); the message
 *   names the file, for the log.
 */
export class StateWriteError extends Error {
  readonly retryAfterSeconds = STATE_WRITE_RETRY_AFTER_SECONDS;

  constructor(path: string, readonly reason: string, detail: string) {
    super(`--state ${path}: ${detail}`);
    this.name = 'StateWriteError';
  }
}
