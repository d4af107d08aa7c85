// Loaded with `node --import` into a command-line process under test: Hugging Face's hosts are answered
// by the echoing router (hf-echo-router.ts), so the CLI runs provider targets offline. Loopback passes.
import { setupServer } from "msw/node";
import { echoingRouterHandlers } from "./hf-echo-router";

setupServer(...echoingRouterHandlers()).listen({
  onUnhandledRequest: (request, print) => (new URL(request.url).hostname === "127.0.0.1" ? undefined : print.error()),
});
