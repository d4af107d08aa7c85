import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { startUp } from "./app/startup";
import "./styles.css";

// Render at once; marking interrupted runs only changes what History shows, which it reads live.
// The mark on <html> says start-up is over, for whoever must wait for it (the end-to-end tests).
void startUp()
  .then(() => (document.documentElement.dataset.startedUp = "true"))
  .catch((error: unknown) => console.error("ProviderBench start-up:", error));

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
