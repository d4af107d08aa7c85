// Sorting the summary's Float64Arrays ascending, exactly as Float64Array.prototype.sort does (−0 before
// +0), but faster: a million-record summary sorts some twenty arrays of its size. Whole numbers in a
// narrow range (token counts, chunks per request) are counted; other finite values are radix-sorted on
// their bits; anything else (NaN, small arrays) is left to the built-in sort.

/** Below this many values the built-in sort is as fast and allocates nothing. */
const FAST_SORT_MIN_LENGTH = 64;

/** Sorts `values` in place, ascending, and returns it: the same array of bits Float64Array#sort gives. */
export function sortFloat64(values: Float64Array): Float64Array {
  if (values.length < FAST_SORT_MIN_LENGTH) return values.sort();
  if (countingSortIntegers(values) || radixSortFloat64(values)) return values;
  return values.sort();
}

/**
 * Sorts `values` in place by counting when every value is a non-negative whole number in a range no wider
 * than the array (token counts, chunks per request, whole-millisecond queues); returns false, touching
 * nothing, otherwise. Whole numbers are exact doubles, so the result is the same array a sort gives, in
 * O(n + range) rather than O(n log n): the summary sorts ~17 distributions and a million-record run must
 * stay fast. -0 is left to the sort, which orders it before +0.
 */
export function countingSortIntegers(values: Float64Array): boolean {
  const n = values.length;
  if (n < FAST_SORT_MIN_LENGTH) return false;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const value = values[i]!;
    if (!Number.isInteger(value) || value < 0 || (value === 0 && 1 / value < 0)) return false;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  const range = max - min;
  if (range > n) return false;
  const counts = new Uint32Array(range + 1);
  for (let i = 0; i < n; i++) counts[values[i]! - min]!++;
  let index = 0;
  for (let offset = 0; offset <= range; offset++) {
    const value = offset + min;
    for (let count = counts[offset]!; count > 0; count--) values[index++] = value;
  }
  return true;
}

/**
 * Sorts finite (or infinite) values in place by their bits, least significant 16 at a time: a double's
 * bits, with the sign bit flipped for positives and every bit flipped for negatives, order as the
 * numbers do (−0 just before +0). Returns false, touching nothing, when a value is NaN.
 */
export function radixSortFloat64(values: Float64Array): boolean {
  const n = values.length;
  // Little-endian halves of each double, as every platform this runs on stores them.
  const words = new Uint32Array(values.buffer, values.byteOffset, n * 2);
  let low = new Uint32Array(n);
  let high = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const value = values[i]!;
    if (value !== value) return false;
    const upper = words[2 * i + 1]!;
    const lower = words[2 * i]!;
    if (upper >>> 31 === 1) {
      high[i] = ~upper >>> 0;
      low[i] = ~lower >>> 0;
    } else {
      high[i] = (upper | 0x80000000) >>> 0;
      low[i] = lower;
    }
  }
  let lowOut = new Uint32Array(n);
  let highOut = new Uint32Array(n);
  const starts = new Uint32Array(DIGITS);
  for (let pass = 0; pass < 4; pass++) {
    const source = pass < 2 ? low : high;
    const shift = (pass & 1) * 16;
    starts.fill(0);
    for (let i = 0; i < n; i++) starts[(source[i]! >>> shift) & DIGIT_MASK]!++;
    // A digit every value shares (the top bits of values of one magnitude) needs no pass.
    if (starts[(source[0]! >>> shift) & DIGIT_MASK] === n) continue;
    let total = 0;
    for (let digit = 0; digit < DIGITS; digit++) {
      const count = starts[digit]!;
      starts[digit] = total;
      total += count;
    }
    for (let i = 0; i < n; i++) {
      const target = starts[(source[i]! >>> shift) & DIGIT_MASK]!++;
      lowOut[target] = low[i]!;
      highOut[target] = high[i]!;
    }
    [low, lowOut] = [lowOut, low];
    [high, highOut] = [highOut, high];
  }
  for (let i = 0; i < n; i++) {
    const upper = high[i]!;
    const lower = low[i]!;
    if (upper >>> 31 === 1) {
      words[2 * i + 1] = (upper & 0x7fffffff) >>> 0;
      words[2 * i] = lower;
    } else {
      words[2 * i + 1] = ~upper >>> 0;
      words[2 * i] = ~lower >>> 0;
    }
  }
  return true;
}

const DIGITS = 1 << 16;
const DIGIT_MASK = DIGITS - 1;
