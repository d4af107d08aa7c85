// @vitest-environment happy-dom
// The dashboard's providers page and the Compare page's cost table, against msw answering as the Hub, the
// router's model list (tests/fixtures/catalog) and the providers behind the router, with the app's real run
// controller: a model id typed, every provider shown with its prices, context length and their source, a
// failed look-up keeping the last good table, Compare all dropping the provider that refuses the preflight,
// the run stored with its prices, and the Compare page showing the verdict, the cost at the run's prices and,
// once the router lists new ones, at today's beside them. The token is seen by huggingface.co hosts only.
import "fake-indexeddb/auto";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ProviderBenchDb } from "../../src/store/db";
import { createRunController, type RunController } from "../../src/session/run-controller";
import { useEffect, useState } from "react";
import type { RequestRecord } from "../../src/core/record";
import type { StoredRun } from "../../src/store/db";
import { recordsOfRun } from "../../src/store/queries";
import { ProvidersCostTable } from "../../src/ui/features/compare/providers-cost/providers-cost-table";
import { useAppDb } from "../../src/ui/lib/app-db";
import { ProvidersPage } from "../../src/ui/features/providers/providers-page";
import { AppDbProvider } from "../../src/ui/lib/app-db";
import { useRoute } from "../../src/ui/lib/hash-route";
import { RunControllerProvider } from "../../src/ui/lib/run-controller";
import { removeHfToken, saveHfToken } from "../../src/ui/lib/settings-storage";
import { catalogHandlers, hubMapping, routerModels, type SeenRequest } from "../mocks/hf-catalog";
import { chatCompletionBody } from "../mocks/hf-router";

const HF_TOKEN = "hf_SENTINEL_dashboard_providers_0123456789";
const FIXTURE_MODEL = "meta-llama/Llama-3.1-8B-Instruct";
/** The fixtures' Llama under a name of this file's own: the inference library keeps each model's mapping for the life of the process. */
const LLAMA = "providerbench-tests/Llama-3.1-8B-dashboard";

const server = setupServer();
const seen: SeenRequest[] = [];
const everyRequest: SeenRequest[] = [];
let chats: string[] = [];
/** What the router's list says the providers charge: changed by a test to play "months later". */
let routerPrices: Record<string, { input: number; output: number }> = {};
const databases: ProviderBenchDb[] = [];

const renamed = (value: unknown): Record<string, unknown> => JSON.parse(JSON.stringify(value).replaceAll(`"${FIXTURE_MODEL}"`, `"${LLAMA}"`)) as Record<string, unknown>;

function routerList(): Record<string, unknown> {
  const list = renamed(routerModels()) as { data: { id: string; providers?: { provider: string; pricing?: unknown }[] }[] };
  for (const model of list.data) {
    if (model.id !== LLAMA) continue;
    for (const provider of model.providers ?? []) if (routerPrices[provider.provider] !== undefined) provider.pricing = routerPrices[provider.provider];
  }
  return list as unknown as Record<string, unknown>;
}

function handlers() {
  return [
    http.get(`https://huggingface.co/api/models/${LLAMA}`, ({ request }) => {
      seen.push({ url: request.url, authorization: request.headers.get("authorization") });
      return HttpResponse.json(renamed(hubMapping(FIXTURE_MODEL)));
    }),
    http.get("https://router.huggingface.co/v1/models", () => HttpResponse.json(routerList())),
    ...catalogHandlers(seen),
    // groq needs credits: the preflight drops it. Every other provider answers.
    http.post("https://router.huggingface.co/:provider/*", async ({ request, params }) => {
      const provider = String(params.provider);
      chats.push(provider);
      const body = (await request.json()) as { model: string };
      if (provider === "groq") return HttpResponse.json({ error: { message: "You have exceeded your monthly included credits" } }, { status: 402 });
      return HttpResponse.json(chatCompletionBody(body.model, "Paris.", provider === "cerebras" ? 4 : 6));
    }),
  ];
}

beforeAll(() => {
  server.events.on("request:start", ({ request }) => everyRequest.push({ url: request.url, authorization: request.headers.get("authorization") }));
  server.listen({ onUnhandledRequest: "error" });
});
beforeEach(() => {
  server.use(...handlers());
  saveHfToken(HF_TOKEN);
  window.location.hash = "";
});
afterEach(async () => {
  cleanup();
  server.resetHandlers();
  removeHfToken();
  seen.length = 0;
  everyRequest.length = 0;
  chats = [];
  routerPrices = {};
  for (const db of databases.splice(0)) await db.delete();
});
afterAll(() => server.close());

function appFor(): { controller: RunController; db: ProviderBenchDb } {
  const db = new ProviderBenchDb(`providers-${crypto.randomUUID()}`);
  databases.push(db);
  const controller = createRunController({
    db,
    loadMachinery: () => import("../../src/session/run-machinery"),
    readAccessToken: () => HF_TOKEN,
    resolveSandboxUrl: () => "http://127.0.0.1:9",
    appVersion: "test",
    libraryVersions: {},
    userAgent: "vitest",
    publishIntervalMs: 20,
  });
  return { controller, db };
}

/**
 * The Compare page's providers' cost table (compare-page.tsx shows it for a run with stored prices) on the
 * run once it has ended: the whole page would draw every chart besides, seconds of happy-dom for nothing here.
 */
function CompareCosts({ runId }: { runId: string }) {
  const db = useAppDb();
  const [loaded, setLoaded] = useState<{ run: StoredRun; records: RequestRecord[] } | null>(null);
  useEffect(() => {
    const read = async (): Promise<void> => {
      const run = await db.runs.get(runId);
      if (run === undefined || run.status === "running") return void setTimeout(() => void read(), 20);
      setLoaded({ run, records: await recordsOfRun(db, runId) });
    };
    void read();
  }, [db, runId]);
  if (loaded === null) return null;
  return <ProvidersCostTable run={loaded.run} rows={loaded.run.summary!.rows} records={loaded.records} large={false} />;
}

/** The two pages this flow crosses, routed by the address as the app routes them. */
function Pages() {
  const route = useRoute();
  if (route.page === "compare") return <CompareCosts runId={route.runId!} />;
  if (route.page === "providers") return <ProvidersPage modelId={route.modelId} task={route.task} />;
  return <ProvidersPage modelId={null} task={null} />;
}

function renderApp({ controller, db }: { controller: RunController; db: ProviderBenchDb }) {
  return render(
    <AppDbProvider db={db}>
      <RunControllerProvider controller={controller}>
        <Pages />
      </RunControllerProvider>
    </AppDbProvider>,
  );
}

const isHuggingFaceHost = (url: string): boolean => {
  const { protocol, hostname } = new URL(url);
  return protocol === "https:" && (hostname === "huggingface.co" || hostname.endsWith(".huggingface.co"));
};

function rowOf(table: HTMLElement, attribute: string, value: string): HTMLElement {
  const row = table.querySelector<HTMLElement>(`tr[${attribute}="${value}"]`);
  if (row === null) throw new Error(`no row ${attribute}=${value}`);
  return row;
}

async function openModel(modelId: string): Promise<HTMLElement> {
  const box = screen.getByRole("combobox", { name: "Model" });
  fireEvent.change(box, { target: { value: modelId } });
  fireEvent.keyDown(box, { key: "Enter" });
  return screen.findByTestId("providers-table", {}, { timeout: 5000 });
}

describe("the providers page", () => {
  it("finds a model by search with the keyboard, its request carrying the token to the Hub", async () => {
    renderApp(appFor());
    const box = screen.getByRole("combobox", { name: "Model" });
    fireEvent.change(box, { target: { value: "llama" } });
    const list = await screen.findByRole("listbox", { name: "Models" }, { timeout: 5000 });
    expect(within(list).getAllByRole("option")[0]!.textContent).toContain(FIXTURE_MODEL);
    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(box.getAttribute("aria-activedescendant")).toBe(within(list).getAllByRole("option")[0]!.id);
    fireEvent.keyDown(box, { key: "Enter" });
    expect(decodeURIComponent(window.location.hash)).toBe(`#/providers?model=${FIXTURE_MODEL}`);
    const search = seen.find((request) => request.url.startsWith("https://huggingface.co/api/models?"))!;
    expect(new URL(search.url).searchParams.get("inference_provider")).toBe("all");
    expect(search.authorization).toBe(`Bearer ${HF_TOKEN}`);
  });

  it("shows every provider with prices, context length and where each came from; a failed look-up keeps the last good table", async () => {
    renderApp(appFor());
    const table = await openModel(LLAMA);
    const cerebras = rowOf(table, "data-provider", "cerebras");
    expect(cerebras.textContent).toContain("llama3.1-8b");
    expect(cerebras.textContent).toContain("32,768");
    expect(cerebras.textContent).toContain("$0.10");
    const featherless = rowOf(table, "data-provider", "featherless-ai");
    expect(within(featherless).getAllByText("no price")).toHaveLength(2);
    expect(within(featherless).getAllByText("—").length).toBeGreaterThan(0);
    const priceCell = within(cerebras).getAllByText("$0.10")[0]!;
    expect(priceCell.getAttribute("title")).toMatch(/^from the router's model list \(https:\/\/router\.huggingface\.co\/v1\/models\), read \d{4}-/);
    expect(screen.getByTestId("providers-sources").textContent).toContain("the Hub's provider mapping (https://huggingface.co/api/models/");

    // Offline: the look-up fails, the table read before stays, and the page says so.
    server.use(http.get(`https://huggingface.co/api/models/${LLAMA}`, () => HttpResponse.error()));
    fireEvent.click(screen.getByRole("button", { name: "Look up again" }));
    expect((await screen.findByRole("alert", {}, { timeout: 5000 })).textContent).toMatch(/The look-up failed: the table below is the one read at .*could not be read/);
    expect(rowOf(screen.getByTestId("providers-table"), "data-provider", "cerebras").textContent).toContain("$0.10");
  });

  it("Compare all drops the provider refusing the preflight, runs the rest, and the Compare page shows the verdict and the cost at the run's prices and today's", async () => {
    const app = appFor();
    renderApp(app);
    await openModel(LLAMA);
    fireEvent.change(screen.getByLabelText(/^Repetitions/), { target: { value: "1" } });
    fireEvent.click(screen.getByRole("button", { name: "Compare all" }));
    const costTable = await screen.findByTestId("providers-cost-table", {}, { timeout: 10_000 });
    await waitFor(() => expect(app.controller.getSnapshot().phase).toBe("finished"), { timeout: 10_000 });

    // The preflight: one request to each of the four live providers; groq refused; the run: 3 prompts once to each of the other three.
    const count = (provider: string): number => chats.filter((chat) => chat === provider).length;
    expect(["cerebras", "groq", "novita", "featherless-ai", "nscale"].map(count)).toEqual([4, 1, 4, 4, 0]);
    const run = (await app.db.runs.toArray())[0]!;
    expect(run.spec.targets.map((target) => target.id)).toEqual(["cerebras", "novita", "featherless-ai"]);
    expect(run.preflight?.dropped).toEqual([{ targetId: "groq", reason: "needs a subscription or credits (HTTP 402): You have exceeded your monthly included credits" }]);
    expect(run.prices?.map((entry) => [entry.targetId, entry.price])).toEqual([
      ["cerebras", { inputPerMillionTokens: 0.1, outputPerMillionTokens: 0.1 }],
      ["novita", { inputPerMillionTokens: 0.02, outputPerMillionTokens: 0.05 }],
      ["featherless-ai", null],
    ]);
    expect(decodeURIComponent(window.location.hash)).toBe(`#/compare/${run.id}`);

    // The verdict's rows on top, then one row per provider: listed price, cost per 1,000 requests (21 in, 4 out at $0.10 each: 0.0025 USD).
    await waitFor(() => expect(within(costTable).getByTestId("providers-verdict-rows").querySelector('tr[data-objective="cost"]')?.textContent).toContain("novita"));
    const cell = (targetId: string, column: string): string => rowOf(screen.getByTestId("providers-cost-table"), "data-target-id", targetId).querySelector(`td[data-column="${column}"]`)!.textContent!;
    expect(cell("cerebras", "listedThen")).toBe("in $0.10 · out $0.10");
    expect(cell("cerebras", "costThen")).toBe("0.0025 USD");
    expect(cell("featherless-ai", "costThen")).toBe("no price");
    expect(screen.getByTestId("preflight-dropped").textContent).toContain("groq (needs a subscription or credits (HTTP 402)");
    expect(screen.getByTestId("prices-then").textContent).toMatch(/the router's list \(https:\/\/router\.huggingface\.co\/v1\/models\), read \d{4}-.*No price: featherless-ai \(the router lists no price for this provider\)/);

    // Months later: the router lists other prices. The run's own stay; today's show beside them.
    routerPrices = { cerebras: { input: 0.2, output: 0.3 } };
    fireEvent.click(screen.getByRole("button", { name: "Cost at today's prices" }));
    await waitFor(() => expect(cell("cerebras", "costNow")).toBe("0.0054 USD"), { timeout: 5000 });
    expect(cell("cerebras", "costThen")).toBe("0.0025 USD");
    expect(cell("cerebras", "listedNow")).toBe("in $0.20 · out $0.30");
    expect(cell("novita", "costNow")).toBe(cell("novita", "costThen"));
    expect(cell("featherless-ai", "costNow")).toBe("no price");

    // Sortable: cost at the run's prices, lowest first, the unpriced last.
    fireEvent.click(within(screen.getByTestId("providers-cost-table")).getByRole("button", { name: /Cost \/1k req \(run's prices\)/ }));
    const order = [...screen.getByTestId("providers-cost-rows").querySelectorAll("tr")].map((row) => row.getAttribute("data-target-id"));
    expect(order).toEqual(["novita", "cerebras", "featherless-ai"]);

    // The token went to Hugging Face hosts only.
    const withToken = everyRequest.filter((request) => request.authorization !== null);
    expect(withToken.length).toBeGreaterThan(10);
    expect(withToken.every((request) => isHuggingFaceHost(request.url) && request.authorization === `Bearer ${HF_TOKEN}`)).toBe(true);
  });

  it("Compare all without a token says where to save one and sends nothing", async () => {
    removeHfToken();
    renderApp(appFor());
    await openModel(LLAMA);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Compare all" }));
    });
    expect((await screen.findByTestId("compare-all-outcome")).textContent).toContain("save a Hugging Face token in Settings first");
    expect(chats).toEqual([]);
  });
});
