// Vitest's own order, with each project's files that share a test environment (a file's
// `@vitest-environment` comment) kept together. A worker that is not isolated (the node project) is kept
// for the next file only when the next file in the queue has its environment; with the happy-dom files
// scattered among the node ones, nearly every file started a fresh thread that compiled every module
// again (about 65 threads for the node project's 180 files; 15 once grouped).
//
// Files named as leading go first in their project, whatever vitest's order: without the durations of an
// earlier run (a clean clone has none) vitest starts the largest files first, and a short file that runs
// long (the browser's concurrency sweep, 48 s) started last and kept its group waiting on it alone.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { BaseSequencer, type TestSpecification, type TestSequencerConstructor } from "vitest/node";

const ENVIRONMENT_COMMENT = /@vitest-environment\s+([\w-]+)/;

/** The file's own environment comment, or "" for the project's default. */
function environmentOf(file: string, cache: Map<string, string>): string {
  let environment = cache.get(file);
  if (environment === undefined) {
    environment = ENVIRONMENT_COMMENT.exec(readFileSync(file, "utf8").slice(0, 2000))?.[1] ?? "";
    cache.set(file, environment);
  }
  return environment;
}

/** The sequencer, with `leading` (paths from the repository's root) started first in their project, in that order. */
export function environmentGroupedSequencer(leading: readonly string[] = []): TestSequencerConstructor {
  const leadingFiles = leading.map((file) => resolve(file));
  const leadingRank = (spec: TestSpecification): number => {
    const index = leadingFiles.indexOf(spec.moduleId);
    return index === -1 ? leadingFiles.length : index;
  };
  return class EnvironmentGroupedSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const vitestOrder = await super.sort(files);
      // The leading files in the order given, then the rest in vitest's (sort is stable).
      const sorted = vitestOrder.sort((a, b) => leadingRank(a) - leadingRank(b));
      const environments = new Map<string, string>();
      const keyOf = (spec: TestSpecification) => `${spec.project.name}\u0000${environmentOf(spec.moduleId, environments)}`;
      // Environments in the order each first appears in its project, so the project's first file still leads.
      const rank = new Map<string, number>();
      for (const spec of sorted) if (!rank.has(keyOf(spec))) rank.set(keyOf(spec), rank.size);
      // Array.prototype.sort is stable: within one project and environment, the order above stands.
      return sorted.sort((a, b) => rank.get(keyOf(a))! - rank.get(keyOf(b))!);
    }
  };
}
