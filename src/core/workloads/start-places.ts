// Where in the corpus each new piece of prompt starts: every word start once, in an order the seed
// shuffles, before any is used again. Two prompts that start at different words differ from their first
// token, so a server's prefix cache finds nothing to share between them by accident; drawn with
// replacement instead, a few hundred prompts would already share starts (the birthday problem).
import { mulberry32 } from "../random";
import type { IndexedCorpus } from "./corpus";

export interface StartPlaces {
  /** The next word index (into corpus.wordStarts) no piece has started at yet in this round. */
  next(): number;
  /** How many times every start has been handed out: past 0, prompts start where earlier ones did. */
  readonly rounds: number;
}

export function createStartPlaces(corpus: IndexedCorpus, seed: number): StartPlaces {
  const random = mulberry32(seed);
  const order = Int32Array.from({ length: corpus.wordStarts.length }, (_, index) => index);
  // Fisher-Yates: every order equally likely.
  for (let index = order.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [order[index], order[other]] = [order[other]!, order[index]!];
  }
  let position = 0;
  let rounds = 0;
  return {
    next() {
      if (position === order.length) {
        position = 0;
        rounds++;
      }
      return order[position++]!;
    },
    get rounds() {
      return rounds;
    },
  };
}
