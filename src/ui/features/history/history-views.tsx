// History's two views, one link each: the list of runs, and the runs of a scenario over time.
import { routes } from "../../lib/hash-route";

export function HistoryViews({ current }: { current: "runs" | "trends" }) {
  return (
    <nav className="history-views" aria-label="History views">
      <a href={routes.history()} aria-current={current === "runs" ? "page" : undefined}>
        Runs
      </a>
      <a href={routes.trends()} aria-current={current === "trends" ? "page" : undefined} data-testid="trends-link">
        Trends
      </a>
    </nav>
  );
}
