// The shell: header navigation, the page for the current address, and the footer, under the two things
// every view may need and only the shell creates: the app's database and its run controller.
import { Suspense } from "react";
import { getAppDb } from "../../store/db";
import { DatabaseClosedNotice } from "../components/database-closed-notice";
import { SandboxLinkNotice } from "../features/settings";
import { AppDbProvider } from "../lib/app-db";
import { useRoute } from "../lib/hash-route";
import { RunControllerProvider } from "../lib/run-controller";
import { AppFooter } from "./app-footer";
import { AppHeader } from "./app-header";
import { AppRoutes } from "./app-routes";
import { getRunController } from "./run-launcher";

export function App() {
  return (
    <AppDbProvider db={getAppDb()}>
      <RunControllerProvider controller={getRunController()}>
        <AppShell />
      </RunControllerProvider>
    </AppDbProvider>
  );
}

function AppShell() {
  const route = useRoute();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AppHeader route={route} />
      <DatabaseClosedNotice />
      <SandboxLinkNotice />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<p className="page empty">Loading…</p>}>
          <AppRoutes route={route} />
        </Suspense>
      </main>
      <AppFooter />
    </div>
  );
}
