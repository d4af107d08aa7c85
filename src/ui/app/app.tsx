// The shell: header navigation, the page for the current address, and the footer.
import { Suspense } from "react";
import { DatabaseClosedNotice } from "../components/database-closed-notice";
import { SandboxLinkNotice } from "../features/settings/sandbox-link-notice";
import { useRoute } from "../lib/hash-route";
import { AppFooter } from "./app-footer";
import { AppHeader } from "./app-header";
import { AppRoutes } from "./app-routes";

export function App() {
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
