// New ids of a world: random, or (with a seed) a sequence that repeats, so that a seeded run
// answers the same bytes every time. Pure JavaScript, so it runs wherever the store does.
import { seededRandom } from '../seeded-random.ts';

/** `cor_…`, `apr_…`, `pch_…`: a prefix and 16 hex digits; `uuid`: a version-4 UUID. */
export type IdMaker = (prefix: string) => string;

/**
 * - `seed` undefined: random ids (crypto.randomUUID).
 * - `seed` given: the sequence of that seed. `epoch` (the writes a state file restored) starts
 *   another sequence, so a restarted seeded mock does not make the ids it made before.
 */
export function idMaker(seed?: number, epoch = 0): IdMaker {
  const hex = seed === undefined ? randomHex : seededHex(seed, epoch);
  return (prefix) => {
    if (prefix !== 'uuid') return `${prefix}_${hex(16)}`;
    const digits = hex(32).split('');
    digits[12] = '4';
    digits[16] = '89ab'[Number.parseInt(digits[16]!, 16) & 3]!;
    const text = digits.join('');
    return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
  };
}

const randomHex = (length: number) => {
  let text = '';
  while (text.length < length) text += crypto.randomUUID().replaceAll('-', '');
  return text.slice(0, length);
};

/** Two independent 32-bit streams, so that ids carry 64 bits of the seed's sequence. */
function seededHex(seed: number, epoch: number): (length: number) => string {
  const high = seededRandom(mix(seed, epoch, 0x9e3779b9));
  const low = seededRandom(mix(seed, epoch, 0x85ebca6b));
  const word = (random: () => number) => Math.floor(random() * 4_294_967_296).toString(16).padStart(8, '0');
  return (length) => {
    let text = '';
    while (text.length < length) text += word(high) + word(low);
    return text.slice(0, length);
  };
}

const mix = (seed: number, epoch: number, salt: number) => {
  let h = Math.imul((seed >>> 0) ^ salt, 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 15) ^ (epoch >>> 0), 0x297a2d39);
  return (h ^ (h >>> 15)) >>> 0;
};

/** The cursor secret of a seeded world: the same seed seals the same cursors. */
export const cursorSecretOf = (seed: number): string => `kindgi-mock cursors of seed ${seed}`;
