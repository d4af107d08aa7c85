// `providerbench run`: a scenario file in; a live progress line, a summary table and JSONL/CSV/JSON out.
// The stages: every input checked (run-preflight.ts, the scenario itself in run-scenario.ts), the outputs
// opened (run-outputs.ts), the requests sent (run-send.ts) while the signals are heard (run-interrupt.ts),
// then the report and the exit code (run-report.ts, the --summary file in run-summary-file.ts).
import { randomUUID } from "node:crypto";
import type { RunCommand } from "./args";
import type { CommandLineIo } from "./command-io";
import { describeKeyRoutes } from "./endpoint-keys";
import { createProgressReporter } from "./progress-line";
import { stopOnSignals } from "./run-interrupt";
import { openRunOutputs } from "./run-outputs";
import { preflightProviders } from "./run-all-providers-preflight";
import { prepareRun } from "./run-preflight";
import { reportRun, runExitCode } from "./run-report";
import { sendRun } from "./run-send";
import { startServerMetrics } from "./server-metrics";
import { createRunTally } from "./run-tally";
import { terminalSafe } from "./terminal-safe";
import { createRunTransport } from "./transport/run-transport";
import { watchClientLoad } from "./client-load";
import { runValidity } from "./run-validity";
import { measureSelfCheck } from "./self-check";

/**
 * Runs the scenario and returns the exit code. The problems a person can fix are thrown (InputProblem and
 * the output, resume and lock problems: command-problems.ts tells them); what the run measured is written
 * to its files even when it is interrupted.
 */
export async function runCommand(command: RunCommand, io: CommandLineIo): Promise<number> {
  // With --all-providers, the providers that refuse one request are dropped before the measured run.
  const prepared = await preflightProviders(command, await prepareRun(command, io), io);
  const { scenario } = prepared;
  const runId = prepared.resumed?.plan.runId ?? randomUUID();
  const controller = new AbortController();
  const outputs = await openRunOutputs(command, { scenario, runId, prices: prepared.prices }, controller, io);
  const tally = createRunTally(scenario);
  const progress = createProgressReporter(io.stderr, command.quiet);
  const stopListening = stopOnSignals(controller, io);
  const transport = createRunTransport(command, scenario);
  io.stderr.write(`${terminalSafe(scenario.name)}: ${scenario.targets.length} targets, run ${runId}\n`);
  // Before the first request, even with --quiet: which variable leaves the machine, and for where.
  io.stderr.write(terminalSafe(describeKeyRoutes(prepared.endpointKeys.routes)));
  const scraping = startServerMetrics(scenario, { endpointKeys: prepared.endpointKeys.keys, sandboxUrl: command.sandboxUrl, transport: command.transport });
  try {
    // Before anything of the run is sent: the client's own error, against exact timings (self-check.ts).
    const selfCheck = command.selfCheck === true ? await measureSelfCheck(command) : null;
    if (scraping !== null) {
      io.stderr.write(terminalSafe(scraping.plan));
      await scraping.baseline;
    }
    const clientLoad = watchClientLoad(command.workers);
    const result = await sendRun(command, prepared, { runId, signal: controller.signal, transport }, { outputs, tally, progress }, io).finally(() => clientLoad.stop());
    const serverScrapes = (await scraping?.stop()) ?? null;
    progress.finish(result.progress);
    const rows = tally.statistics.summarize(scenario.targets.map((target) => target.id));
    const validity = runValidity(scenario, rows, clientLoad.stop(), selfCheck);
    await outputs.finish(result, serverScrapes, validity);
    await reportRun(command, prepared, { runId, result, serverScrapes, rows, validity }, tally, outputs, io);
    return await runExitCode(command, prepared, result, outputs, io);
  } finally {
    await outputs.files.close();
    await outputs.opened.summary?.discard();
    await outputs.opened.serverMetrics?.discard();
    await scraping?.stop();
    await prepared.recordsLock?.release();
    await transport.close();
    stopListening();
  }
}
