// What the run controller is given: the database, the runner (loaded when a run starts), the person's
// token and keys, and the page's clock, timers and events, so that Node tests can pass their own.
import type { Clock } from "../core/measure/clock";
import type { ProviderBenchDb } from "../store/db";
import type { RecordSinkOptions } from "../store/record-sink";
import type { PageEvents } from "./page-lifecycle";
import type { Timers } from "./publisher";
import type * as RunMachinery from "./run-machinery";

export interface RunControllerDeps {
  db: ProviderBenchDb;
  loadMachinery(): Promise<typeof RunMachinery>;
  readAccessToken(): string | null;
  /** Keys of endpoints by origin (Settings), each sent to its own origin only. */
  readEndpointKeys?(): Readonly<Record<string, string>>;
  resolveSandboxUrl(): string;
  /**
   * Each sandbox profile on its own `<profile>.localhost` host (core/endpoints/sandbox-url.ts), so the browser's six
   * connections per host are six per simulated provider. The app sets it; Node tests cannot resolve those names.
   */
  sandboxHostPerProfile?: boolean;
  /** The sandbox health check's fetch; the global one when not given. */
  fetch?: typeof fetch;
  /**
   * Reads a file input that is not in the blobs table (`sha256:` refs are read there): the app reads the
   * bundled scenarios' assets from the dashboard. Without it only stored files can be read.
   */
  readInputFile?(path: string): Promise<Blob>;
  appVersion: string;
  /** Libraries other than @huggingface/inference (whose version comes with the machinery). */
  libraryVersions: Record<string, string>;
  userAgent: string;
  /** Where pagehide / visibilitychange are heard, to flush records before the page goes away. */
  pageEvents?: PageEvents | undefined;
  /** Holds a lock while a run is driven, so another tab starting up does not call it interrupted. */
  holdRunLock?(runId: string, until: Promise<unknown>): void;
  /** How often subscribers hear about new records at most; about four times a second. */
  publishIntervalMs?: number;
  sinkOptions?: RecordSinkOptions;
  newRunId?(): string;
  /** Wall-clock times of the run row (its start and end); the system clock when not given. */
  clock?: Clock;
  timers?: Timers;
}
