// The last few records of a run, for live views: a ring of fixed size, so holding them costs the same
// at the millionth record as at the hundredth. Every record goes to IndexedDB and the summary
// accumulator as it arrives; what needs all of them (the Compare page, exports) reads them back from there.
import type { RequestRecord } from "../core/record";

export interface RecentRecords {
  add(record: RequestRecord): void;
  /** The last `capacity` records (fewer before that many arrived), oldest first: a new array each call. */
  toArray(): RequestRecord[];
}

export function recentRecords(capacity: number): RecentRecords {
  if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`a window of recent records holds at least one, not ${capacity}`);
  const ring: RequestRecord[] = [];
  /** Where the next record goes once the ring is full: also where the oldest one is. */
  let next = 0;
  return {
    add(record) {
      if (ring.length < capacity) {
        ring.push(record);
        return;
      }
      ring[next] = record;
      next = (next + 1) % capacity;
    },
    toArray: () => (ring.length < capacity ? ring.slice() : [...ring.slice(next), ...ring.slice(0, next)]),
  };
}
