// A listed price in words, for the command line's table and the dashboard's alike: "$0.05", "no price" where
// the router's list was read and gives none, and "—" where the list could not be read at all.
import { MISSING } from "../text";
import type { TargetPrice } from "../scenario";
import type { ProviderRow } from "./providers-table";
import type { ListedPrice } from "./router-models";

const dollarsFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 6 });

/** A listed price per million tokens, as the router gives it ("$0.05"). */
export function listedDollars(amount: number): string {
  return `$${dollarsFormat.format(amount)}`;
}

export type ListedPricePart = keyof ListedPrice;

/** One part of a row's listed price: the amount, "no price" (listed as none), or — (the list was not read). */
export function listedPriceText(row: Pick<ProviderRow, "price" | "sources">, part: ListedPricePart): string {
  if (row.price === null) return row.sources.price === null ? MISSING : "no price";
  const amount = row.price[part];
  return amount === null || amount === undefined ? "no price" : listedDollars(amount);
}

/** A target's price as stored with a run (a bundle's `run.prices`, a run row's): the fields said here. */
export interface PriceWithSource {
  targetId: string;
  price: object | null;
  reason?: string | undefined;
  source: { lookup: string; url: string; readAt: string } | null;
}

/** Where the prices were read and when ("the router's list (https://…), read …"), each look-up once; null when none was read. */
export function priceSourcesText(prices: readonly PriceWithSource[]): string | null {
  const lookupName = (lookup: string): string => (lookup === "router-models" ? "the router's list" : lookup);
  const sources = [...new Set(prices.flatMap(({ source }) => (source === null ? [] : [`${lookupName(source.lookup)} (${source.url}), read ${source.readAt}`])))];
  return sources.length === 0 ? null : sources.join("; ");
}

/** The targets without a price, each with why ("featherless-ai (the router lists no price …)"); null when every one has one. */
export function unpricedTargetsText(prices: readonly PriceWithSource[]): string | null {
  const unpriced = prices.filter((entry) => entry.price === null).map((entry) => `${entry.targetId} (${entry.reason ?? "none listed"})`);
  return unpriced.length === 0 ? null : unpriced.join(", ");
}

/** A target's token price in a few words ("in $0.05 · out $0.08", per million tokens), or "no price". */
export function targetPriceWords(price: TargetPrice | null): string {
  if (price === null) return "no price";
  const parts = [
    price.inputPerMillionTokens === undefined ? null : `in ${listedDollars(price.inputPerMillionTokens)}`,
    price.cachedInputPerMillionTokens === undefined ? null : `cached ${listedDollars(price.cachedInputPerMillionTokens)}`,
    price.outputPerMillionTokens === undefined ? null : `out ${listedDollars(price.outputPerMillionTokens)}`,
  ].filter((part) => part !== null);
  return parts.length === 0 ? "no token price" : parts.join(" · ");
}
