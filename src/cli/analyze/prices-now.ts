// `analyze <bundle> --prices-now`: the run's cost per 1,000 requests at the prices it stored and at today's,
// side by side. Today's are looked up now (the Hub's mapping and the router's list, HF_TOKEN to huggingface.co
// hosts only, core/catalog), and the bundle's records are read again under them: the summary's one definition
// of cost, on the same measured tokens. A target without a price says so, never $0; a failing Hub look-up is
// an error naming it, and nothing is guessed in its place.
import { CatalogLookupError, fetchProvidersTable, modelsToPrice, priceSourcesText, pricesFromTables, scenarioAtPrices, targetPriceWords, type TargetPriceRecord } from "../../core/catalog";
import { formatMetric, metricById } from "../../core/metrics";
import type { SummaryRow } from "../../core/stats";
import type { CommandLineIo } from "../command-io";
import { InputProblem } from "../input-problem";
import { catalogLookupOptions } from "../providers-command";
import { formatTextTable } from "../text-table";
import { loadRecords, type LoadedRun, type Naming } from "./load-run";

export interface PricesNowReport {
  prices: TargetPriceRecord[];
  /** Per target, the run's and today's cost per 1,000 successful requests, US dollars; null: no price (or nothing priced). */
  costs: { targetId: string; runCostPer1000RequestsUsd: number | null; todayCostPer1000RequestsUsd: number | null }[];
  /** The router's list could not be read for these models: their providers have no price today. */
  routerErrors: string[];
  /** Today's rows, for the text table. */
  rows: SummaryRow[];
}

/** Today's prices of the run's targets, and the run's records read again under them. */
export async function pricesNowReport(run: LoadedRun, env: CommandLineIo["env"]): Promise<PricesNowReport> {
  const scenario = run.scenario;
  if (scenario === null || run.summaryLevel === true) throw new InputProblem(`--prices-now needs a bundle, whose scenario says which provider and model each target is: ${run.path} has none`);
  const models = modelsToPrice(scenario);
  if (models.length === 0) throw new InputProblem("--prices-now: no target of this run is a Hugging Face provider, so none has a listed price");
  const looked = await Promise.all(
    models.map((modelId) =>
      fetchProvidersTable(modelId, catalogLookupOptions(env)).catch((error: unknown) => {
        if (error instanceof CatalogLookupError) throw new InputProblem(`--prices-now: ${error.message}`);
        throw error;
      }),
    ),
  );
  const prices = pricesFromTables(scenario, looked.map((entry) => entry.table));
  const today = await loadRecords(run.path, scenarioAtPrices(scenario, prices));
  const cost = metricById("costPer1000RequestsUsd");
  const valueOf = (rows: readonly SummaryRow[], targetId: string): number | null => {
    const row = rows.find((candidate) => candidate.targetId === targetId);
    return row === undefined ? null : cost.value(row);
  };
  return {
    prices,
    costs: run.targetIds.map((targetId) => ({ targetId, runCostPer1000RequestsUsd: valueOf(run.rows, targetId), todayCostPer1000RequestsUsd: (prices.find((entry) => entry.targetId === targetId)?.price ?? null) === null ? null : valueOf(today.rows, targetId) })),
    routerErrors: looked.flatMap((entry) => (entry.routerError === null ? [] : [entry.routerError.message])),
    rows: today.rows,
  };
}

/** The side-by-side table and where today's prices came from. */
export function pricesNowLines(run: LoadedRun, report: PricesNowReport, naming: Naming): string[] {
  const cost = metricById("costPer1000RequestsUsd");
  const costText = (rows: readonly SummaryRow[], targetId: string, priced: boolean): string => {
    const row = rows.find((candidate) => candidate.targetId === targetId);
    return !priced ? "no price" : row === undefined ? "—" : formatMetric(cost, row);
  };
  const runPrice = (targetId: string): TargetPriceRecord["price"] => run.scenario?.targets.find((target) => target.id === targetId)?.price ?? null;
  const cells = run.targetIds.map((targetId) => {
    const today = report.prices.find((entry) => entry.targetId === targetId);
    return [
      naming.targetLabel(targetId),
      targetPriceWords(runPrice(targetId)),
      costText(run.rows, targetId, runPrice(targetId) !== null),
      targetPriceWords(today?.price ?? null),
      costText(report.rows, targetId, (today?.price ?? null) !== null),
      today?.price === null ? (today.reason ?? "") : "",
    ];
  });
  const headers = ["target", "run $/1M tokens", "cost/1k req (run)", "today $/1M tokens", "cost/1k req (today)", "why no price today"];
  return [
    "Cost per 1,000 requests at the run's prices and at today's (the same measured tokens):",
    "",
    formatTextTable(headers, cells, [2, 4]),
    "",
    `Today's prices: ${priceSourcesText(report.prices) ?? "none was read"}.${report.routerErrors.map((message) => ` ${message}.`).join("")}`,
    "",
  ];
}
