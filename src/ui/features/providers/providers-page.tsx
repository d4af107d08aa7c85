// Which providers serve a model, at what price: find the model, see every provider serving it with its
// prices and context length (each value with where it came from and when), and compare them all.
import { useMemo } from "react";
import { servesTask } from "../../../core/catalog";
import { formatDateTime } from "../../components/ui/format";
import { Notice } from "../../components/ui/notice";
import { Section } from "../../components/ui/section";
import { navigate, routes } from "../../lib/hash-route";
import { CompareAll } from "./compare-all";
import { ModelSearch } from "./model-search";
import { ProvidersTableView } from "./providers-table";
import { useProvidersTable } from "./use-providers-table";
import "../../components/ui/ui.css";
import "./providers.css";

export function ProvidersPage({ modelId, task }: { modelId: string | null; task: string | null }) {
  const taskOrAny = task ?? "";
  return (
    <div className="page">
      <h1>Providers for a model</h1>
      <p className="empty">Every inference provider serving a model, with the prices and context length the router lists; then one button to measure them all on your prompts.</p>
      <ModelSearch modelId={modelId} task={taskOrAny} onTaskChange={(next) => navigate(routes.providers(modelId, next))} onPick={(picked) => navigate(routes.providers(picked, task))} />
      {modelId === null ? null : <ModelProviders modelId={modelId} task={taskOrAny} />}
    </div>
  );
}

function ModelProviders({ modelId, task }: { modelId: string; task: string }) {
  const lookup = useProvidersTable(modelId);
  const { table } = lookup;
  const rows = useMemo(() => (table === null ? [] : task === "" ? table.rows : table.rows.filter((row) => servesTask(row, task))), [table, task]);
  const readAt = table === null ? null : formatDateTime(Date.parse(table.mappingSource.readAt));
  return (
    <>
      <Section
        title={`${table?.modelId ?? modelId}: ${table === null ? "providers" : `${rows.length} provider${rows.length === 1 ? "" : "s"}${task === "" ? "" : ` for ${task}`}`}`}
        testId="providers-section"
        actions={
          <button type="button" onClick={lookup.refresh} disabled={lookup.loading}>
            {lookup.loading ? "Looking up…" : "Look up again"}
          </button>
        }
      >
        {lookup.error !== null ? (
          <Notice tone="error" title={table === null ? "The providers could not be looked up" : `The look-up failed: the table below is the one read at ${readAt ?? ""}`}>
            {lookup.error}
          </Notice>
        ) : null}
        {lookup.routerError !== null ? (
          <Notice tone="warning" title="The router's list could not be read">
            {lookup.routerError}: prices, context lengths and support flags are unknown (—), not guessed.
          </Notice>
        ) : null}
        {table === null ? (
          lookup.loading ? <p className="empty">Reading the Hub&apos;s mapping and the router&apos;s list…</p> : null
        ) : rows.length === 0 ? (
          <p className="empty">No provider serves {table.modelId}{task === "" ? "" : ` for ${task}`}.</p>
        ) : (
          <ProvidersTableView table={table} rows={rows} />
        )}
      </Section>
      {table !== null && rows.length > 0 ? (
        <Section title="Compare all" testId="compare-all-section">
          <CompareAll modelId={table.modelId} rows={rows} task={task} />
        </Section>
      ) : null}
    </>
  );
}
