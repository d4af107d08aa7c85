// `providerbench tasks`: every pipeline type of @huggingface/tasks by modality, which ones ProviderBench
// runs and why not the others (the catalogue is src/core/tasks/catalogue.ts, shared with the dashboard).
import { taskCatalogue, type CatalogueTask } from "../core/tasks/catalogue";

export function formatTaskCatalogue(tasks: readonly CatalogueTask[] = taskCatalogue()): string {
  const lines: string[] = [];
  let modality: string | null = null;
  const width = Math.max(...tasks.map((task) => task.id.length));
  for (const task of tasks) {
    if (task.modality !== modality) {
      modality = task.modality;
      if (lines.length > 0) lines.push("");
      lines.push(`${task.modalityLabel}:`);
    }
    const mark = task.runnable ? "runs" : "  - ";
    const detail = task.runnable ? `providers: ${task.providers.join(", ") || "endpoints only"}` : task.reason!;
    lines.push(`  ${mark}  ${task.id.padEnd(width)}  ${detail}`);
  }
  const runnable = tasks.filter((task) => task.runnable).length;
  lines.push("", `${runnable} of ${tasks.length} tasks run; "auto" and endpoint targets (endpointUrl) serve every task that runs.`);
  return `${lines.join("\n")}\n`;
}
