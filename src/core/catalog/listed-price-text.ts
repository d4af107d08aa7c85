// A listed price in words, for the command line's table and the dashboard's alike: "$0.05", "no price" where
// the router's list was read and gives none, and "—" where the list could not be read at all.
import { MISSING } from "../text";
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
