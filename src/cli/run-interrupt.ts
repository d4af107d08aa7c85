// `run` and the process's signals: the first stops sending and writes what was measured; a second quits at once.
import type { CommandLineIo } from "./command-io";
import { EXIT_INTERRUPTED } from "./exit-codes";

// SIGHUP: the terminal went away; the files are still wanted.
const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/** Listens until the returned function is called. */
export function stopOnSignals(controller: AbortController, io: CommandLineIo): () => void {
  const onInterrupt = (): void => {
    if (controller.signal.aborted) process.exit(EXIT_INTERRUPTED);
    io.stderr.write("\ninterrupted: stopping, writing what was measured (Ctrl-C again to quit at once)\n");
    controller.abort();
  };
  for (const signal of SIGNALS) process.on(signal, onInterrupt);
  return () => {
    for (const signal of SIGNALS) process.off(signal, onInterrupt);
  };
}
