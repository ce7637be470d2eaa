// Memory of this process after full collections, for children started with --expose-gc.

/** Resident set, used JavaScript heap and the memory of buffers outside it, in MB. */
export interface SettledMemory {
  rssMb: number;
  heapMb: number;
  externalMb: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

/** Throws unless node runs with --expose-gc: without it, garbage waiting to be collected would count. */
export function requireGc(): void {
  if (!gc) throw new Error('run with --expose-gc, so that memory is measured after a full collection');
}

/** After two full collections, so that garbage waiting to be collected does not count. */
export function settledMemory(): SettledMemory {
  gc?.();
  gc?.();
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rssMb: rss / 2 ** 20, heapMb: heapUsed / 2 ** 20, externalMb: external / 2 ** 20 };
}
