import { version } from "../../../package.json";

export function AppFooter() {
  return (
    <footer className="app-footer">
      <span>ProviderBench {version} · runs and records stay in this browser</span>
    </footer>
  );
}
