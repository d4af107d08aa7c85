// The run's cost at today's prices, on request: the providers of its model looked up now (the Hub's mapping,
// the router's list), each target's price read from them, and the run's own records summarised again under
// those prices (the summary's one definition of cost), never stored. The run's own prices stay as they were.
import { useCallback, useState } from "react";
import { fetchProvidersTable, modelsToPrice, pricesFromTables, scenarioAtPrices, type TargetPriceRecord } from "../../../../core/catalog";
import type { RequestRecord } from "../../../../core/record";
import type { SummaryRow } from "../../../../core/stats";
import { describeError } from "../../../../core/text";
import type { StoredRun } from "../../../../store/db";
import { summaryUnder } from "../../../../store/run-summary";
import { useAppDb } from "../../../lib/app-db";
import { catalogLookupOptions } from "../../../lib/catalog-lookups";

export type PricesNow =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "loaded"; prices: TargetPriceRecord[]; rows: SummaryRow[]; routerErrors: string[] }
  | { state: "error"; message: string };

export function usePricesNow(run: StoredRun, records: readonly RequestRecord[] | null): { pricesNow: PricesNow; lookUp(): void } {
  const db = useAppDb();
  const [pricesNow, setPricesNow] = useState<PricesNow>({ state: "idle" });
  const lookUp = useCallback(() => {
    setPricesNow({ state: "loading" });
    void (async () => {
      try {
        const looked = await Promise.all(modelsToPrice(run.spec).map((modelId) => fetchProvidersTable(modelId, catalogLookupOptions())));
        const prices = pricesFromTables(run.spec, looked.map((entry) => entry.table));
        const rows = await summaryUnder(db, run, scenarioAtPrices(run.spec, prices), records ?? undefined);
        setPricesNow({ state: "loaded", prices, rows, routerErrors: looked.flatMap((entry) => (entry.routerError === null ? [] : [entry.routerError.message])) });
      } catch (error) {
        // Offline, or the Hub failing: the run's own prices and cost stay on screen; nothing is guessed for today.
        setPricesNow({ state: "error", message: describeError(error) });
      }
    })();
  }, [db, run, records]);
  return { pricesNow, lookUp };
}
