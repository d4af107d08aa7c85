// `providerbench tasks`: every pipeline type of @huggingface/tasks by modality, which ones ProviderBench
// runs and why not the others (the catalogue is src/core/tasks/catalogue.ts, shared with the dashboard).
import { taskCatalogue, type CatalogueTask } from "../core/tasks/catalogue";
import { parseOptions, usageErrorText } from "./command-options";
import { EXIT_BAD_INPUT, EXIT_COMPLETED } from "./exit-codes";
import { terminalSafe } from "./terminal-safe";

export const TASKS_USAGE = `Usage: npm run cli -- tasks
  Prints every task of @huggingface/tasks by modality: the ones ProviderBench runs, with the providers
  that serve each, and why not the others.`;

export const TASKS_OPTIONS = { help: { type: "boolean", short: "h" } } as const;

export function tasksCommand(argv: readonly string[], out: NodeJS.WritableStream, err: NodeJS.WritableStream): number {
  const parsed = parseOptions("tasks", argv, TASKS_OPTIONS, { allowPositionals: false });
  if ("error" in parsed) {
    err.write(terminalSafe(usageErrorText(parsed.error, "tasks")));
    return EXIT_BAD_INPUT;
  }
  out.write(terminalSafe(parsed.values.help === true ? `${TASKS_USAGE}\n` : formatTaskCatalogue()));
  return EXIT_COMPLETED;
}

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
