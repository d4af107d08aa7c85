// `run --model <id> --all-providers`, its preflight: once every input is checked and before the measured
// run, one request to each provider through the real runner (core/catalog's plan: the first input, no
// warm-up, no retry), and the providers that refuse (not served, needs credits, unauthorised) dropped with
// the reason told. Only a refusal drops a provider: one that fails otherwise is kept, with a note.
import { randomUUID } from "node:crypto";
import type { RunCommand } from "./args";
import type { CommandLineIo } from "./command-io";
import { indented, InputProblem } from "./input-problem";
import type { PreparedRun } from "./run-preflight";
import { terminalSafe } from "./terminal-safe";
import { createRunTransport } from "./transport/run-transport";
import { preflightOutcome, preflightPlan, type PreflightOutcome } from "../core/catalog";
import type { RequestRecord } from "../core/record";
import { runScenario } from "../core/run";

/**
 * The prepared run without the providers that refused, or as it was without --all-providers. Every
 * provider refusing is an InputProblem; on any failure the records file's lock is let go.
 */
export async function preflightProviders(command: RunCommand, prepared: PreparedRun, io: CommandLineIo): Promise<PreparedRun> {
  if (command.allProviders === undefined) return prepared;
  try {
    const outcome = await sendPreflight(command, prepared, io);
    io.stderr.write(terminalSafe(describePreflight(outcome, prepared.scenario.targets.length)));
    if (outcome.scenario === null) throw new InputProblem("no provider is left to compare: every one refused the preflight request");
    const kept = new Set(outcome.scenario.targets.map((target) => target.id));
    return { ...prepared, scenario: outcome.scenario, prices: prepared.prices?.filter((entry) => kept.has(entry.targetId)) };
  } catch (error) {
    await prepared.recordsLock?.release();
    throw error;
  }
}

async function sendPreflight(command: RunCommand, prepared: PreparedRun, io: CommandLineIo): Promise<PreflightOutcome> {
  const plan = preflightPlan(prepared.scenario);
  io.stderr.write(`preflight: one request to each of ${plan.requests.length} providers\n`);
  // The last attempt of each target (the plan retries none): what it answered decides.
  const answers = new Map<string, RequestRecord>();
  const transport = createRunTransport(command, plan.scenario);
  try {
    await runScenario({
      runId: `preflight-${randomUUID()}`,
      scenario: plan.scenario,
      accessToken: prepared.accessToken,
      endpointKeys: prepared.endpointKeys.keys,
      sandboxUrl: command.sandboxUrl,
      readInputFile: prepared.readInputFile,
      fetch: transport.fetch,
      onRecord: (record) => answers.set(record.targetId, record),
    });
  } finally {
    await transport.close();
  }
  return preflightOutcome(prepared.scenario, plan, answers);
}

/** What the preflight dropped and why, and the failures it kept. */
export function describePreflight(outcome: PreflightOutcome, targets: number): string {
  const lines = [`preflight: ${outcome.dropped.length === 0 ? "every provider answered" : `dropped ${outcome.dropped.length} of ${targets} providers`}`];
  if (outcome.dropped.length > 0) lines.push(indented(outcome.dropped.map((entry) => `${entry.targetId}: ${entry.reason}`).join("\n")));
  if (outcome.notes.length > 0) lines.push("preflight: failed without refusing, kept", indented(outcome.notes.map((entry) => `${entry.targetId}: ${entry.note}`).join("\n")));
  return `${lines.join("\n")}\n`;
}
