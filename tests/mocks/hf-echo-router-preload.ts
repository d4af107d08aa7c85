// Loaded with `node --import` into a command-line process under test: Hugging Face's hosts are answered
// by the echoing router (hf-echo-router.ts), so the CLI runs provider targets offline. Loopback passes.
import { setupServer } from "msw/node";
import { echoingRouterHandlers } from "./hf-echo-router";

// msw answers Node's fetch, not undici's dispatcher: this process sends through fetch.
process.env.PROVIDERBENCH_TRANSPORT = "fetch";

setupServer(...echoingRouterHandlers()).listen({
  onUnhandledRequest: (request, print) => (new URL(request.url).hostname === "127.0.0.1" ? undefined : print.error()),
});
