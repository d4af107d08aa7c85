// The verdict per objective: for each, the best target or the group tied for best, in plain words,
// claiming only what the tests support. One computation for the Compare page's verdict panel and for
// `analyze`, so the two never disagree. The statistics are the stats room's (paired tests, proportions,
// Holm) and the figures the metric catalogue's; this module only puts them together per objective.
import { formatMetric, intervalOf, isMeasured, metricById, type MeasuredFigures } from "../metrics";
import { formatValueIn } from "../text";
import { compareProportions, holmAdjust, pairedMetricById, SIGNIFICANCE_LEVEL, type Comparison, type PairedMetricId, type SummaryRow } from "../stats";
import { describeComparison, favouredSide, rankTargets } from "./verdict";

export type ObjectiveId = "ttft" | "latency" | "outputTokensPerSecond" | "cost" | "checks" | "goodput" | "toolCalls" | "structuredOutput" | "toolLoop" | "cache";

export interface ObjectiveVerdict {
  objective: ObjectiveId;
  /** "Fastest time to first token". */
  title: string;
  /**
   * "best": one target is ahead of every other; "tied": several share the top and the data cannot order
   * them; "untold": too few requests to order them; "unavailable": this run did not measure it.
   */
  state: "best" | "tied" | "untold" | "unavailable";
  /** Target ids at the top (one, or the tied group); empty when unavailable. */
  best: string[];
  /** The verdict in words, with target labels. */
  sentence: string;
}

/** A verdict's state in words, after its title: "Fastest latency: a tie". */
export const VERDICT_STATE_WORDS: Readonly<Record<ObjectiveVerdict["state"], string>> = {
  best: "one best target",
  tied: "a tie",
  untold: "cannot tell yet",
  unavailable: "not measured",
};

/** How the verdicts were reached, under the panel on the page and under the verdicts of `analyze`. */
export const VERDICT_METHOD =
  "Latency, TTFT and tokens/s compare each pair of targets on the same inputs and repetitions (Wilcoxon signed-rank test), pass rate, SLO attainment, valid tool calls and schema-valid answers with a two-proportion test; p-values are Holm-corrected, and a difference that is not significant at 5% is called a tie. Cost compares the scenario's prices applied to the measured tokens. The cache's saving is each target's cold minus warm median TTFT with its bootstrap interval; a saving counts when its Holm-corrected p-value is below 5%, and one target saves most when its interval lies above every other's.";

/** Names the panel shows for target ids. */
export type TargetLabel = (targetId: string) => string;

/** "a", "a and b", "a, b and c". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * The targets a verdict may name as best, from targets in ranked order (those nobody beats first):
 * the unbeaten, plus any target none of them significantly beats, so "best" is never claimed over a
 * target the winner was not shown to beat. The rest are each beaten by at least one of the top.
 */
export function topGroup(orderedIds: readonly string[], beats: (winner: string, loser: string) => boolean): { top: string[]; rest: string[] } {
  const unbeaten = orderedIds.filter((candidate) => !orderedIds.some((other) => beats(other, candidate)));
  const top = orderedIds.filter((candidate) => !unbeaten.some((leader) => beats(leader, candidate)));
  return { top, rest: orderedIds.filter((candidate) => !top.includes(candidate)) };
}

/** " X is behind.", " X and Y are behind at least one of them." after a verdict naming `top`. */
function behindSentence(top: readonly string[], rest: readonly string[]): string {
  if (rest.length === 0) return "";
  const verb = rest.length === 1 ? "is" : "are";
  return top.length === 1 ? ` ${listNames(rest)} ${verb} significantly behind.` : ` ${listNames(rest)} ${verb} significantly behind at least one of them.`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

interface PairedObjective {
  id: ObjectiveId;
  metric: PairedMetricId;
  title: string;
  /** The summary figure the tied group is ordered by and quoted with (a catalogue id). */
  figureMetricId: string;
  superlative: string;
}

const PAIRED_OBJECTIVES: readonly PairedObjective[] = [
  { id: "ttft", metric: "ttftMs", title: "Fastest time to first token", figureMetricId: "ttftP50Ms", superlative: "the fastest time to first token" },
  { id: "latency", metric: "latencyMs", title: "Fastest latency", figureMetricId: "latencyP50Ms", superlative: "the fastest latency" },
  {
    id: "outputTokensPerSecond",
    metric: "outputTokensPerSecond",
    title: "Fastest generation",
    figureMetricId: "outputTokensPerSecondP50",
    superlative: "the most output tokens/s",
  },
];

function comparisonOf(comparisons: readonly Comparison[], metric: PairedMetricId, first: string, second: string): Comparison | undefined {
  return comparisons.find(
    (comparison) => comparison.metric === metric && ((comparison.a === first && comparison.b === second) || (comparison.a === second && comparison.b === first)),
  );
}

/** A paired comparison told with its sides' labels, whichever way round it was computed. */
function describePair(comparison: Comparison, label: TargetLabel): string {
  return describeComparison(comparison, label(comparison.a), label(comparison.b));
}

function pairedVerdict(objective: PairedObjective, rows: readonly SummaryRow[], comparisons: readonly Comparison[], label: TargetLabel): ObjectiveVerdict {
  const base = { objective: objective.id, title: objective.title };
  const figure = metricById(objective.figureMetricId);
  const rowById = new Map(rows.map((row) => [row.targetId, row]));
  const typical = (targetId: string): number | null => {
    const row = rowById.get(targetId);
    return row === undefined ? null : figure.value(row);
  };
  const ranked = rankTargets(objective.metric, rows.map((row) => row.targetId), comparisons, typical);
  const metricLabel = pairedMetricById(objective.metric).label;
  if (ranked.length === 0) return { ...base, state: "unavailable", best: [], sentence: `No successful request measured ${metricLabel}.` };
  if (ranked.length === 1) {
    return { ...base, state: "unavailable", best: [], sentence: `Only ${label(ranked[0]!.targetId)} measured ${metricLabel}: nothing to compare it with.` };
  }
  const beats = (winner: string, loser: string): boolean => {
    const comparison = comparisonOf(comparisons, objective.metric, winner, loser);
    const side = comparison === undefined ? null : favouredSide(comparison);
    return side !== null && (side === "a" ? comparison!.a : comparison!.b) === winner;
  };
  const { top, rest } = topGroup(
    ranked.map((entry) => entry.targetId),
    beats,
  );
  const quoted = (targetId: string): string => `${label(targetId)} (${figure.header} ${formatMetric(figure, rowById.get(targetId)!)})`;

  if (top.length === 1) {
    const winner = top[0]!;
    // The closest challenger: the best of the rest by the same figure (ranked keeps that order).
    const comparison = comparisonOf(comparisons, objective.metric, winner, rest[0]!);
    const closest = rest.length > 1 ? "It is significantly ahead of every other target; the closest: " : "";
    return {
      ...base,
      state: "best",
      best: top,
      sentence: `${label(winner)} has ${objective.superlative}. ${closest}${comparison ? describePair(comparison, label) : ""}.`,
    };
  }
  // Several at the top: a tie only when they were tested; untested pairs had too few requests.
  const untested = top.flatMap((first, index) =>
    top.slice(index + 1).flatMap((second) => {
      const comparison = comparisonOf(comparisons, objective.metric, first, second);
      return comparison === undefined || comparison.test === null ? [comparison] : [];
    }),
  );
  const behind = behindSentence(top.map(label), rest.map(label));
  if (untested.length > 0) {
    const named = untested.find((comparison) => comparison !== undefined);
    return {
      ...base,
      state: "untold",
      best: top,
      sentence: `${named ? capitalize(describePair(named, label)) : `Too few requests to tell ${listNames(top.map(label))} apart on ${metricLabel}`}.${behind}`,
    };
  }
  const noun = rest.length === 0 ? "All targets tie" : `${listNames(top.map(quoted))} tie`;
  return {
    ...base,
    state: "tied",
    best: top,
    sentence: `${noun} for ${objective.superlative}: no difference between them is significant (Holm-corrected, p ≥ ${SIGNIFICANCE_LEVEL}).${behind}`,
  };
}

interface ProportionObjective {
  id: ObjectiveId;
  title: string;
  /** The rate compared (a catalogue id), and the count it is a share of. */
  rateMetricId: string;
  trialsMetricId: string;
  /** A figure quoted beside the rate (goodput beside SLO attainment), when it differs from the rate. */
  quotedMetricId: string;
  superlative: string;
  missing: string;
}

const PROPORTION_OBJECTIVES: readonly ProportionObjective[] = [
  {
    id: "checks",
    title: "Most accurate",
    rateMetricId: "checksPassRate",
    trialsMetricId: "checkedRequests",
    quotedMetricId: "checksPassRate",
    superlative: "the highest checks pass rate",
    missing: "No checks were run: the scenario's inputs have no expectations.",
  },
  {
    id: "goodput",
    title: "Best goodput",
    rateMetricId: "sloAttainment",
    trialsMetricId: "requests",
    quotedMetricId: "goodput",
    superlative: "the most requests meeting the SLO",
    missing: "No SLO: the scenario sets no service-level objective.",
  },
  {
    id: "toolCalls",
    title: "Most reliable tool calls",
    rateMetricId: "validCallRate",
    trialsMetricId: "toolRequests",
    quotedMetricId: "validCallRate",
    superlative: "the highest valid-call rate",
    missing: "No tools: the scenario's requests offer none.",
  },
  {
    id: "structuredOutput",
    title: "Most reliable structured output",
    rateMetricId: "schemaValidRate",
    trialsMetricId: "structuredRequests",
    quotedMetricId: "schemaValidRate",
    superlative: "the highest schema-valid rate",
    missing: "No response format: the scenario's requests ask for no JSON.",
  },
  {
    id: "toolLoop",
    title: "Most tool loops finished",
    rateMetricId: "toolLoopFinishedRate",
    trialsMetricId: "toolLoops",
    quotedMetricId: "toolLoopFinishedRate",
    superlative: "the most tool loops ending in a final answer within the step limit",
    missing: "No tool loops: the scenario gives no toolResults.",
  },
];

/**
 * Rates (pass rate, SLO attainment) compared pair by pair with the two-proportion test, Holm-corrected
 * over the pairs; rank = 1 + the number of targets significantly better, as for the paired metrics.
 */
function proportionVerdict(objective: ProportionObjective, rows: readonly SummaryRow[], label: TargetLabel): ObjectiveVerdict {
  const base = { objective: objective.id, title: objective.title };
  const rate = metricById(objective.rateMetricId);
  const trials = metricById(objective.trialsMetricId);
  const quoted = metricById(objective.quotedMetricId);
  const measured = rows.flatMap((row) => {
    const share = rate.value(row);
    const n = trials.value(row);
    return share === null || n === null || n < 1 ? [] : [{ row, share, n, count: Math.round(share * n) }];
  });
  if (measured.length === 0) return { ...base, state: "unavailable", best: [], sentence: objective.missing };
  if (measured.length === 1) {
    return { ...base, state: "unavailable", best: [], sentence: `Only ${label(measured[0]!.row.targetId)} has a ${rate.label.toLowerCase()}: nothing to compare it with.` };
  }
  const pairs = measured.flatMap((first, index) => measured.slice(index + 1).map((second) => ({ first, second, test: compareProportions(first.count, first.n, second.count, second.n) })));
  const adjusted = holmAdjust(pairs.map((pair) => pair.test.pValue));
  const wins = new Set<string>();
  pairs.forEach((pair, index) => {
    if ((adjusted[index] as number) >= SIGNIFICANCE_LEVEL || pair.test.difference === 0) return;
    const [winner, loser] = pair.test.difference > 0 ? [pair.first, pair.second] : [pair.second, pair.first];
    wins.add(`${winner.row.targetId}\n${loser.row.targetId}`);
  });
  const byId = new Map(measured.map((entry) => [entry.row.targetId, entry]));
  const ordered = [...measured].sort((left, right) => right.share - left.share).map((entry) => entry.row.targetId);
  const { top, rest } = topGroup(ordered, (winner, loser) => wins.has(`${winner}\n${loser}`));
  const describe = (targetId: string): string => `${label(targetId)} (${formatMetric(quoted, byId.get(targetId)!.row)})`;
  const behind = behindSentence(top, rest.map(describe));
  if (top.length === 1) {
    return { ...base, state: "best", best: top, sentence: `${describe(top[0]!)} has ${objective.superlative}.${behind}` };
  }
  const noun = rest.length === 0 ? `All targets tie (${top.map(describe).join(", ")})` : `${listNames(top.map(describe))} tie`;
  return {
    ...base,
    state: "tied",
    best: top,
    sentence: `${noun} for ${objective.superlative}: no difference between them is significant (two-proportion test, Holm-corrected).${behind}`,
  };
}

const COST_METRIC_ID = "costPer1000RequestsUsd";
/** The cache's verdict is judged on the TTFT it saves (cacheVerdict, below). */
const CACHE_SAVING_METRIC_ID = "ttftCacheSavingMs";

/**
 * Cheapest by the catalogue's cost per 1,000 requests. Cost follows from the scenario's prices and the
 * token counts; the tests of the other objectives do not apply, so only equal costs tie.
 */
function costVerdict(rows: readonly SummaryRow[], label: TargetLabel): ObjectiveVerdict {
  const base = { objective: "cost" as const, title: "Cheapest" };
  const cost = metricById(COST_METRIC_ID);
  const priced = rows.flatMap((row) => {
    const value = cost.value(row);
    return value === null ? [] : [{ row, value }];
  });
  if (priced.length === 0) return { ...base, state: "unavailable", best: [], sentence: "No prices: the scenario gives no target a price." };
  if (priced.length === 1) {
    return { ...base, state: "unavailable", best: [], sentence: `Only ${label(priced[0]!.row.targetId)} has a price: nothing to compare it with.` };
  }
  const lowest = Math.min(...priced.map((entry) => entry.value));
  const top = priced.filter((entry) => entry.value === lowest);
  const rest = priced.filter((entry) => entry.value !== lowest).sort((left, right) => left.value - right.value);
  const describe = (entry: (typeof priced)[number]): string => `${label(entry.row.targetId)} (${formatMetric(cost, entry.row)} per 1,000 requests)`;
  const behind = rest.length === 0 ? "" : ` Then ${listNames(rest.map(describe))}.`;
  if (top.length === 1) return { ...base, state: "best", best: [top[0]!.row.targetId], sentence: `${describe(top[0]!)} is the cheapest.${behind}` };
  return { ...base, state: "tied", best: top.map((entry) => entry.row.targetId), sentence: `${listNames(top.map(describe))} cost the same.${behind}` };
}

/** The catalogue figure each objective is judged by: it is a row of the verdict when the run measures it. */
const OBJECTIVE_FIGURES: Readonly<Record<ObjectiveId, string>> = {
  ...(Object.fromEntries(PAIRED_OBJECTIVES.map((objective) => [objective.id, objective.figureMetricId])) as Record<PairedObjective["id"], string>),
  ...(Object.fromEntries(PROPORTION_OBJECTIVES.map((objective) => [objective.id, objective.rateMetricId])) as Record<ProportionObjective["id"], string>),
  cost: COST_METRIC_ID,
  cache: CACHE_SAVING_METRIC_ID,
};

/**
 * Every objective's verdict, in the panel's order; comparisons are null while the records are read, or
 * for good when the run is too large to read whole (`withoutComparisons` then says so). Given the run's
 * figures (measured-figures.ts), only the objectives the run measures: a speech run has no TTFT to judge.
 */
export function objectiveVerdicts(
  rows: readonly SummaryRow[],
  comparisons: readonly Comparison[] | null,
  label: TargetLabel,
  withoutComparisons = "Reading the records…",
  figures?: MeasuredFigures,
): ObjectiveVerdict[] {
  const paired = PAIRED_OBJECTIVES.map((objective) =>
    comparisons === null
      ? { objective: objective.id, title: objective.title, state: "unavailable" as const, best: [], sentence: withoutComparisons }
      : pairedVerdict(objective, rows, comparisons, label),
  );
  const [ttft, latency, tokens] = paired as [ObjectiveVerdict, ObjectiveVerdict, ObjectiveVerdict];
  const [checks, goodput, toolCalls, structuredOutput, toolLoop] = PROPORTION_OBJECTIVES.map((objective) => proportionVerdict(objective, rows, label)) as [ObjectiveVerdict, ObjectiveVerdict, ObjectiveVerdict, ObjectiveVerdict, ObjectiveVerdict];
  // Tool calls are a row only in a run that offered tools: without the run's figures, when a row says so.
  const offeredTools = figures === undefined ? rows.some((row) => row.toolRequests > 0) : figures.has("toolCalls");
  // Structured output likewise, only in a run that asked for JSON.
  const askedJson = figures === undefined ? rows.some((row) => row.structuredRequests > 0) : figures.has("structuredOutput");
  // Tool loops likewise, only in a run whose scenario gives tool results.
  const ranLoops = figures === undefined ? rows.some((row) => row.toolLoops > 0) : figures.has("toolLoop");
  // The cache likewise, only in a run whose prompts probe it (warm and cold).
  const probedCache = figures === undefined ? rows.some((row) => (row.cache?.ttftSavingMs ?? null) !== null) : figures.has("cacheProbe");
  const cache = probedCache ? [cacheVerdict(rows, label)] : [];
  return [ttft, latency, costVerdict(rows, label), checks, goodput, tokens, ...(offeredTools ? [toolCalls] : []), ...(askedJson ? [structuredOutput] : []), ...(ranLoops ? [toolLoop] : []), ...cache].filter((verdict) =>
    isMeasured(metricById(OBJECTIVE_FIGURES[verdict.objective]), figures),
  );
}

/** One target's cache saving: the cold-minus-warm median TTFT, its interval, and whether it is significant. */
interface CacheSaving {
  row: SummaryRow;
  savingMs: number;
  low: number;
  high: number;
  significant: boolean;
}

/**
 * "Cache saves most", judged on the TTFT the cache saves at the median (cold p50 − warm p50): latency is
 * what a prefix cache is bought for, and it is measured on every target, where a cost saving needs a
 * cached-input price the provider may not publish (the sentence quotes the costs where there are prices).
 * A saving counts when its bootstrap p-value, Holm-corrected over the targets, is below 5%; the target
 * with the largest saving is best when its interval lies wholly above every other target's, and ties
 * with those whose interval overlaps its own.
 */
function cacheVerdict(rows: readonly SummaryRow[], label: TargetLabel): ObjectiveVerdict {
  const base = { objective: "cache" as const, title: "Cache saves most" };
  const measured = rows.flatMap((row) => {
    const cache = row.cache;
    if (cache === undefined || cache.ttftSavingMs === null || cache.ttftSavingMsCi95 === null || cache.ttftSavingP === null) return [];
    return [{ row, savingMs: cache.ttftSavingMs, low: cache.ttftSavingMsCi95[0], high: cache.ttftSavingMsCi95[1], p: cache.ttftSavingP }];
  });
  if (measured.length === 0) return { ...base, state: "unavailable", best: [], sentence: "No target had 2 warm and 2 cold requests: nothing to compare (inputs.synthetic.prefixCache \"both\" sends both)." };
  if (measured.length === 1) return { ...base, state: "unavailable", best: [], sentence: `Only ${label(measured[0]!.row.targetId)} had warm and cold requests: nothing to compare it with.` };
  const adjusted = holmAdjust(measured.map((entry) => entry.p));
  const savings: CacheSaving[] = measured
    .map((entry, index) => ({ ...entry, significant: (adjusted[index] as number) < SIGNIFICANCE_LEVEL && entry.savingMs > 0 }))
    .sort((left, right) => right.savingMs - left.savingMs);
  const savers = savings.filter((entry) => entry.significant);
  const describe = (entry: CacheSaving): string => describeCacheSaving(entry.row, label);
  const nonSavers = savings.filter((entry) => !entry.significant);
  const without = nonSavers.length === 0 ? "" : ` ${listNames(nonSavers.map(describe))} ${nonSavers.length === 1 ? "saves" : "save"} no significant time.`;
  if (savers.length === 0) {
    return { ...base, state: "tied", best: savings.map((entry) => entry.row.targetId), sentence: `No target's cache saves significant time to first token: ${listNames(savings.map(describe))}.` };
  }
  const leader = savers[0]!;
  const top = savers.filter((entry) => entry === leader || entry.high >= leader.low);
  const behind = savers.filter((entry) => !top.includes(entry));
  const behindText = behind.length === 0 ? "" : ` ${listNames(behind.map(describe))} ${behind.length === 1 ? "saves" : "save"} significantly less.`;
  if (top.length === 1) return { ...base, state: "best", best: [leader.row.targetId], sentence: `${describe(leader)}: its cache saves the most time to first token.${behindText}${without}` };
  return {
    ...base,
    state: "tied",
    best: top.map((entry) => entry.row.targetId),
    sentence: `${listNames(top.map(describe))} tie for the cache that saves the most: their savings' intervals overlap.${behindText}${without}`,
  };
}

/** "x (saves 180 ms of 250 ms cold TTFT, 95% CI 170 ms – 190 ms; 92% of warm input cached; $0.0001 warm against $0.0004 cold)". */
function describeCacheSaving(row: SummaryRow, label: TargetLabel): string {
  const saving = metricById(CACHE_SAVING_METRIC_ID);
  const ends = intervalOf(saving, row);
  const interval = ends === null ? "" : `, 95% CI ${formatValueIn(saving.unit, ends[0])} – ${formatValueIn(saving.unit, ends[1])}`;
  const parts = [`saves ${formatMetric(saving, row)} of ${formatMetric(metricById("ttftColdP50Ms"), row)} cold TTFT${interval}`];
  const share = metricById("warmCachedInputShare");
  if (share.value(row) !== null) parts.push(`${formatMetric(share, row)} of warm input cached`);
  const warmCost = metricById("costPerRequestWarmUsd");
  const coldCost = metricById("costPerRequestColdUsd");
  if (warmCost.value(row) !== null && coldCost.value(row) !== null) parts.push(`${formatMetric(warmCost, row)} a warm request against ${formatMetric(coldCost, row)} a cold one`);
  return `${label(row.targetId)} (${parts.join("; ")})`;
}
