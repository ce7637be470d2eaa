// Memory for the bodies the mock assembles (list pages), reused from one answer to the next once
// Node has handed an answer to the operating system. A fresh array per page (17–67 KB) halved a
// list's throughput: allocating it, then collecting it.
import type { ServerResponse } from 'node:http';

/** Arrays kept for reuse at most, about one per connection of a busy client. */
const KEPT_ARRAYS = 32;
/** The smallest array made, so that one array serves any page; larger ones are made as asked. */
const MIN_ARRAY_BYTES = 64 * 1024;
/** Larger arrays are not kept: one outsized page should not hold its memory for good. */
const MAX_KEPT_BYTES = 1024 * 1024;

export interface BodyMemory {
  /** Memory for the bodies of the answer `res` sends, free again once it has finished. */
  forResponse(res: ServerResponse): (length: number) => Uint8Array;
}

export function createBodyMemory(): BodyMemory {
  const free: Uint8Array[] = [];
  return {
    forResponse: (res) => (length) => {
      let array = free.pop();
      if (array === undefined || array.length < length) array = new Uint8Array(Math.max(length, MIN_ARRAY_BYTES));
      const taken = array;
      // 'finish': the last byte is with the operating system, so nothing reads the array again.
      // An answer that never finishes (the caller went) leaves its array to the collector.
      res.once('finish', () => {
        if (free.length < KEPT_ARRAYS && taken.length <= MAX_KEPT_BYTES) free.push(taken);
      });
      return taken.subarray(0, length);
    },
  };
}
