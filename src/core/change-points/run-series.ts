// Which runs form one series over time: runs of the same scenario. A run made here names its saved or
// bundled scenario (scenarioId); a run from a file has none, so it is known by the fingerprint of what it
// measured — its task, its targets (id, provider or endpoint, model) and its inputs. Two runs are in one
// series when they share a scenario id or a fingerprint, so a bundle from a nightly CI job joins the runs
// of the same scenario made in this browser. Run settings (repetitions, concurrency) are not in the
// fingerprint: they change how much is measured, not what.
import type { Scenario } from "../scenario";

/** What grouping needs of a run. */
export interface SeriesRunInfo {
  id: string;
  scenarioId: string | null;
  scenarioName: string;
  spec: Pick<Scenario, "task" | "targets" | "inputs">;
  startedAt: number;
}

export interface RunSeries<R extends SeriesRunInfo> {
  /** Stable while its runs last: the earliest run's scenario id, else its fingerprint (a URL can hold it). */
  key: string;
  /** The latest run's scenario name. */
  name: string;
  /** Oldest first. */
  runs: R[];
}

/** JSON with object keys sorted, so equal values give equal text whatever order their keys were written in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** 64-bit FNV-1a of the text as hex: a short name for it, not a secret. */
function fnv1a64(text: string): string {
  let hash = 0xcbf29ce484222325n;
  const prime = 0x100000001b3n;
  for (let i = 0; i < text.length; i++) {
    hash ^= BigInt(text.charCodeAt(i));
    hash = (hash * prime) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, "0");
}

/** The fingerprint of what a run measured: task, targets and inputs. */
export function runFingerprint(spec: SeriesRunInfo["spec"]): string {
  const targets = spec.targets.map((target) => ({ id: target.id, provider: target.provider, endpointUrl: target.endpointUrl, model: target.model }));
  return fnv1a64(canonicalJson({ task: spec.task, targets, inputs: spec.inputs }));
}

/** The runs grouped into series (a series per scenario), each oldest first; series with the latest run first. */
export function runSeries<R extends SeriesRunInfo>(runs: readonly R[]): RunSeries<R>[] {
  // Union-find over the runs: each scenario id and each fingerprint joins every run that has it.
  const parent = runs.map((_, index) => index);
  const root = (index: number): number => {
    while (parent[index] !== index) index = parent[index] = parent[parent[index]!]!;
    return index;
  };
  const firstWith = new Map<string, number>();
  runs.forEach((run, index) => {
    const keys = [`fingerprint:${runFingerprint(run.spec)}`];
    if (run.scenarioId !== null) keys.push(`scenario:${run.scenarioId}`);
    for (const key of keys) {
      const first = firstWith.get(key);
      if (first === undefined) firstWith.set(key, index);
      else parent[root(index)] = root(first);
    }
  });
  const groups = new Map<number, R[]>();
  runs.forEach((run, index) => {
    const group = groups.get(root(index));
    if (group === undefined) groups.set(root(index), [run]);
    else group.push(run);
  });
  const series = [...groups.values()].map((members): RunSeries<R> => {
    const ordered = [...members].sort((a, b) => a.startedAt - b.startedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const earliest = ordered[0]!;
    return {
      key: earliest.scenarioId !== null ? `scenario:${earliest.scenarioId}` : `fingerprint:${runFingerprint(earliest.spec)}`,
      name: ordered.at(-1)!.scenarioName,
      runs: ordered,
    };
  });
  return series.sort((a, b) => b.runs.at(-1)!.startedAt - a.runs.at(-1)!.startedAt);
}
