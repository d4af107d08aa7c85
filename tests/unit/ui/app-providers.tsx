// What the app shell puts above every view (src/ui/app/app.tsx), for tests that render a page or a view
// on its own: the app's database (each file gets a fresh in-memory IndexedDB, tests/setup/fresh-indexeddb.ts)
// and a run controller that records the runs started (started-runs.ts).
import { render, type RenderOptions } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { getAppDb } from "../../../src/store/db";
import { AppDbProvider } from "../../../src/ui/lib/app-db";
import { RunControllerProvider } from "../../../src/ui/lib/run-controller";
import { recordingRunController } from "./started-runs";

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AppDbProvider db={getAppDb()}>
      <RunControllerProvider controller={recordingRunController}>{children}</RunControllerProvider>
    </AppDbProvider>
  );
}

/** testing-library's render, under the app's providers (rerender keeps them). */
export function renderInApp(ui: ReactElement, options: Omit<RenderOptions, "wrapper"> = {}) {
  return render(ui, { ...options, wrapper: AppProviders });
}
