// run.serverMetrics against the targets: a target's metricsUrl is scraped only when the run opts in, and
// opting in needs an endpoint target to scrape (docs/server-metrics.md).
import type { z } from "zod";

interface ServerMetricsShape {
  targets: readonly { endpointUrl?: string | undefined; metricsUrl?: string | undefined }[];
  run: { serverMetrics?: unknown };
}

export function checkServerMetrics<Shape extends ServerMetricsShape>(scenario: Shape, context: z.core.$RefinementCtx<Shape>): void {
  const optedIn = scenario.run.serverMetrics !== undefined;
  if (optedIn && !scenario.targets.some((target) => target.endpointUrl !== undefined)) {
    context.addIssue({ code: "custom", path: ["run", "serverMetrics"], message: "needs an endpointUrl target: provider targets have no metrics page to scrape" });
  }
  if (optedIn) return;
  scenario.targets.forEach((target, index) => {
    if (target.metricsUrl !== undefined) {
      context.addIssue({ code: "custom", path: ["targets", index, "metricsUrl"], message: "is scraped only with run.serverMetrics: add \"serverMetrics\": {} to run" });
    }
  });
}
