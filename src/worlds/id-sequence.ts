// New ids of a world: random, or (with a seed) a sequence that repeats, so that a seeded run
// answers the same bytes every time. Pure JavaScript, so it runs wherever the store does.
import { seededRandom } from '../seeded-random.ts';

/**
 * `cor_…`, `apr_…`, `pch_…`: a prefix and 16 hex digits; `uuid`: a version-4 UUID.
 * - `position`/`seek`: how far a seed's sequence has gone, so that replicas sharing a store
 *   (src/replica) go on from where the log says; random ids have no position (always 0).
 */
export interface IdMaker {
  (prefix: string): string;
  position(): number;
  seek(position: number): void;
}

/**
 * - `seed` undefined: random ids (crypto.randomUUID).
 * - `seed` given: the sequence of that seed. `epoch` (the writes a state file restored) starts
 *   another sequence, so a restarted seeded mock does not make the ids it made before.
 */
export function idMaker(seed?: number, epoch = 0): IdMaker {
  const stream = seed === undefined ? randomStream : seededHex(seed, epoch);
  const { hex } = stream;
  const make = (prefix: string) => {
    if (prefix !== 'uuid') return `${prefix}_${hex(16)}`;
    const digits = hex(32).split('');
    digits[12] = '4';
    digits[16] = '89ab'[Number.parseInt(digits[16]!, 16) & 3]!;
    const text = digits.join('');
    return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
  };
  return Object.assign(make, { position: stream.position, seek: stream.seek });
}

interface HexStream {
  hex(length: number): string;
  position(): number;
  seek(position: number): void;
}

const randomStream: HexStream = {
  hex(length) {
    let text = '';
    while (text.length < length) text += crypto.randomUUID().replaceAll('-', '');
    return text.slice(0, length);
  },
  position: () => 0,
  seek: () => {},
};

/** Two independent 32-bit streams, so that ids carry 64 bits of the seed's sequence; its position counts the pairs drawn. */
function seededHex(seed: number, epoch: number): HexStream {
  const highSeed = mix(seed, epoch, 0x9e3779b9);
  const lowSeed = mix(seed, epoch, 0x85ebca6b);
  let high = seededRandom(highSeed);
  let low = seededRandom(lowSeed);
  let drawn = 0;
  const word = (random: () => number) => Math.floor(random() * 4_294_967_296).toString(16).padStart(8, '0');
  return {
    hex(length) {
      let text = '';
      while (text.length < length) {
        text += word(high) + word(low);
        drawn += 1;
      }
      return text.slice(0, length);
    },
    position: () => drawn,
    seek(position) {
      high = seededRandom(highSeed, position);
      low = seededRandom(lowSeed, position);
      drawn = position;
    },
  };
}

const mix = (seed: number, epoch: number, salt: number) => {
  let h = Math.imul((seed >>> 0) ^ salt, 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 15) ^ (epoch >>> 0), 0x297a2d39);
  return (h ^ (h >>> 15)) >>> 0;
};

/** The cursor secret of a seeded world: the same seed seals the same cursors. */
export const cursorSecretOf = (seed: number): string => `kindgi-mock cursors of seed ${seed}`;
