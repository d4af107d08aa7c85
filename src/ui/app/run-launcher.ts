// The app's run controller, wired to the app database, the browser's settings, the bundled scenarios'
// assets and the lazily loaded runner. The token is read here, at the moment a run starts, and handed
// straight to the runner. Views reach the controller through RunControllerProvider (lib/run-controller.tsx).
import { version as reactVersion } from "react";
import Dexie from "dexie";
import { version as appVersion } from "../../../package.json";
import { getAppDb } from "../../store/db";
import { BROWSER_SANDBOX_URL_OPTIONS } from "../../core/endpoints/sandbox-url";
import { createRunController, type RunController } from "../../session/run-controller";
import { resolveSandboxUrl } from "../lib/sandbox-url";
import { readEndpointKeys, readHfToken } from "../lib/settings-storage";
import { watchConnectionQueueing, type ConnectionWatch } from "../features/run";
import { readBundledAsset } from "../features/scenarios";

export const RUN_LOCK_PREFIX = "providerbench-run:";

let appRunController: RunController | undefined;
let appConnectionWatch: ConnectionWatch | undefined;

export function getRunController(): RunController {
  appRunController ??= createRunController({
    db: getAppDb(),
    loadMachinery: () => import("../../session/run-machinery"),
    readAccessToken: readHfToken,
    readEndpointKeys,
    resolveSandboxUrl,
    readInputFile: (path) => readBundledAsset(path),
    sandboxHostPerProfile: BROWSER_SANDBOX_URL_OPTIONS.hostPerProfile,
    appVersion,
    libraryVersions: { react: reactVersion, dexie: Dexie.semVer },
    userAgent: navigator.userAgent,
    pageEvents: { window, document },
    holdRunLock: (runId, until) => {
      void navigator.locks?.request(`${RUN_LOCK_PREFIX}${runId}`, () => until);
    },
  });
  // From the controller's first moment, so that no run (a replay started from History too) goes unwatched.
  appConnectionWatch ??= watchConnectionQueueing(appRunController);
  return appRunController;
}

/** Whether the last run's requests waited for one of the browser's HTTP/1.1 connections. */
export function getConnectionWatch(): ConnectionWatch {
  getRunController();
  return appConnectionWatch!;
}

/** Runs whose lock some tab holds are still being driven there. */
export async function runsHeldByOpenTabs(): Promise<Set<string>> {
  const state = await navigator.locks?.query();
  const held = state?.held ?? [];
  return new Set(held.flatMap((lock) => (lock.name?.startsWith(RUN_LOCK_PREFIX) ? [lock.name.slice(RUN_LOCK_PREFIX.length)] : [])));
}
