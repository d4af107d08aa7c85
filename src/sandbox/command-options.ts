// `npm run sandbox`'s options, apart from main.ts (which starts the server when imported), so the README
// test can hold the README to them (tests/unit/repo/readme-lists.test.ts).
import { DRIFT_OPTIONS } from "./drift";

export const SANDBOX_OPTIONS = {
  port: { type: "string" },
  host: { type: "string" },
  seed: { type: "string" },
  "time-scale": { type: "string" },
  ...DRIFT_OPTIONS,
  help: { type: "boolean", short: "h" },
} as const;
