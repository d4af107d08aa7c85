// CLI start-up: the CPU time of the built command (scripts/build-cli.ts) for commands that send nothing,
// each started fresh by plain Node. Every test that spawns the command pays it, and so does a person.
// Measured with GNU time (/usr/bin/time), the child's own user and system time.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { buildCli } from "../scripts/build-cli";
import { format, markdownTable, median } from "./measure-tools";

const repoRoot = new URL("../", import.meta.url).pathname;
const GNU_TIME = "/usr/bin/time";

export interface StartupRow {
  command: string;
  cpuSeconds: number[];
}

/** `commands`: each one's arguments; every one started `repeats` times, one after the other. */
export async function measureCliStartup(commands: readonly string[][], repeats: number): Promise<StartupRow[]> {
  if (!existsSync(GNU_TIME)) throw new Error(`cli-startup needs GNU time at ${GNU_TIME}`);
  // Under the repository, so the bundle's package imports resolve from its node_modules.
  mkdirSync(join(repoRoot, "dist"), { recursive: true });
  const folder = mkdtempSync(join(repoRoot, "dist", "startup-bench-"));
  try {
    const bundle = await buildCli(join(folder, "providerbench.js"));
    return commands.map((args) => ({ command: args.join(" "), cpuSeconds: Array.from({ length: repeats }, () => cpuSecondsOf(bundle, args)) }));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function cpuSecondsOf(bundle: string, args: readonly string[]): number {
  const result = spawnSync(GNU_TIME, ["-f", "%U %S", process.execPath, bundle, ...args], { cwd: repoRoot, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`providerbench ${args.join(" ")} exited with ${String(result.status)}: ${result.stderr}`);
  // GNU time's line is the last of stderr.
  const [user, system] = result.stderr.trimEnd().split("\n").at(-1)!.split(" ").map(Number);
  return user! + system!;
}

export function startupTable(rows: readonly StartupRow[]): string {
  return markdownTable(
    ["command", "CPU s, median", "min", "max", "runs"],
    rows.map((row) => [`\`providerbench ${row.command}\``, format(median(row.cpuSeconds)), format(Math.min(...row.cpuSeconds)), format(Math.max(...row.cpuSeconds)), String(row.cpuSeconds.length)]),
  );
}
