import { version } from "../../../package.json";

export const REPOSITORY_URL = "https://github.com/providerbench/providerbench";

export function AppFooter() {
  return (
    <footer className="app-footer">
      <span>ProviderBench {version} · runs and records stay in this browser</span>
      <a href={REPOSITORY_URL} target="_blank" rel="noreferrer">
        Update on GitHub
      </a>
    </footer>
  );
}
