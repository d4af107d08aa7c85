import type { Route } from "../lib/hash-route";
import { routes } from "../lib/hash-route";
import { useRunSnapshot } from "../lib/run-controller";

const LINKS: { page: Route["page"]; label: string; href: string }[] = [
  { page: "scenarios", label: "Scenarios", href: routes.scenarios() },
  { page: "run", label: "Run", href: routes.run() },
  { page: "compare", label: "Compare", href: routes.compare() },
  { page: "history", label: "History", href: routes.history() },
  { page: "providers", label: "Providers", href: routes.providers() },
  { page: "settings", label: "Settings", href: routes.settings() },
];

export function AppHeader({ route }: { route: Route }) {
  const snapshot = useRunSnapshot();
  const running = snapshot.phase === "running" || snapshot.phase === "checking";
  return (
    <header className="app-header">
      <a className="brand" href={routes.scenarios()}>
        ProviderBench
      </a>
      <nav aria-label="Main">
        <ul>
          {LINKS.map((link) => (
            <li key={link.page}>
              <a href={link.href} aria-current={route.page === link.page || (link.page === "history" && route.page === "trends") ? "page" : undefined}>
                {link.label}
                {link.page === "run" && running ? (
                  <span className="running-dot" title="A run is in progress">
                    <span className="visually-hidden"> (in progress)</span>
                  </span>
                ) : null}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
