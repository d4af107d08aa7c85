// `npm start`'s options: the dashboard's and the sandbox's ports, and the sandbox's drift (src/sandbox/drift.ts).
import { parseOptions } from "./command-options";
import { DRIFT_OPTIONS, driftOptionsFrom, type Drift } from "../sandbox/drift";
import { portFrom } from "../sandbox/port-option";

export const START_USAGE =
  "usage: npm start [-- --port <dashboard port> --sandbox-port <sandbox port> --drift <profile>=<±percent>%@<run> --run-number <n>]";

/** npm start's options (tests/unit/repo/readme-lists.test.ts holds the README to them). */
export const START_OPTIONS = { port: { type: "string" }, "sandbox-port": { type: "string" }, ...DRIFT_OPTIONS } as const;

export interface StartOptions {
  /** The dashboard's port; null: 5173, or the next free one. */
  appPort: number | null;
  /** The sandbox's port; null: 8787, or any free one. */
  sandboxPort: number | null;
  drift: Drift[];
  runNumber: number;
}

export function startOptionsFrom(argv: string[]): StartOptions | { error: string } {
  const parsed = parseOptions(null, argv, START_OPTIONS, { allowPositionals: false });
  if ("error" in parsed) return parsed;
  const { values } = parsed;
  const drifted = driftOptionsFrom(values);
  if ("error" in drifted) return drifted;
  const appPort = values.port === undefined ? null : portFrom("--port", values.port);
  if (appPort !== null && typeof appPort === "object") return appPort;
  const sandboxPort = values["sandbox-port"] === undefined ? null : portFrom("--sandbox-port", values["sandbox-port"]);
  if (sandboxPort !== null && typeof sandboxPort === "object") return sandboxPort;
  return { appPort, sandboxPort, ...drifted };
}
