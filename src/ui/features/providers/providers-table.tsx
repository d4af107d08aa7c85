// The providers table: every provider the Hub maps the model to, with what the router lists for it. Each
// value says where it came from and when it was read (its cell's title, and the lines under the table); a
// value no look-up gave is "—", a price "no price", never 0.
import { describeLookup, listedPriceText, type ProviderRow, type ProvidersTable, type ValueSource } from "../../../core/catalog";
import { formatCount, MISSING } from "../../components/ui/format";

function sourceText(source: ValueSource | null): string {
  return source === null ? "unknown: the router's list could not be read" : `from ${describeLookup(source.lookup, source.url)}, read ${source.readAt}`;
}

const yesNo = (value: boolean | null): string => (value === null ? MISSING : value ? "yes" : "no");

function Cell({ value, source, numeric = false }: { value: string; source: ValueSource | null; numeric?: boolean }) {
  return (
    <td className={numeric ? "num" : undefined} title={sourceText(source)}>
      {value}
    </td>
  );
}

function ProviderRowView({ row, cached }: { row: ProviderRow; cached: boolean }) {
  const { sources } = row;
  return (
    <tr data-provider={row.provider}>
      <th scope="row" title={sourceText(sources.provider)}>
        {row.provider}
      </th>
      <Cell value={row.status} source={sources.status} />
      <Cell value={row.routerStatus ?? MISSING} source={sources.routerStatus} />
      <Cell value={row.providerModelId} source={sources.providerModelId} />
      <Cell value={row.task} source={sources.task} />
      <Cell value={row.contextLength === null ? MISSING : formatCount(row.contextLength)} source={sources.contextLength} numeric />
      <Cell value={listedPriceText(row, "inputPerMillionTokens")} source={sources.price} numeric />
      <Cell value={listedPriceText(row, "outputPerMillionTokens")} source={sources.price} numeric />
      {cached ? <Cell value={listedPriceText(row, "cachedInputPerMillionTokens")} source={sources.price} numeric /> : null}
      <Cell value={yesNo(row.supportsTools)} source={sources.supportsTools} />
      <Cell value={yesNo(row.supportsStructuredOutput)} source={sources.supportsStructuredOutput} />
    </tr>
  );
}

export function ProvidersTableView({ table, rows }: { table: ProvidersTable; rows: readonly ProviderRow[] }) {
  const cached = rows.some((row) => row.price?.cachedInputPerMillionTokens !== undefined);
  const free = rows.filter((row) => row.isFree === true).map((row) => row.provider);
  return (
    <div className="pb-providers-table" data-testid="providers-table">
      <div className="pb-providers-scroll">
        <table className="data-table">
          <caption className="pb-visually-hidden">Providers serving {table.modelId}</caption>
          <thead>
            <tr>
              <th scope="col">Provider</th>
              <th scope="col">Status</th>
              <th scope="col">Router</th>
              <th scope="col">Provider&apos;s model id</th>
              <th scope="col">Task</th>
              <th scope="col" className="num">Context</th>
              <th scope="col" className="num">In $/1M tokens</th>
              <th scope="col" className="num">Out $/1M tokens</th>
              {cached ? <th scope="col" className="num">Cached in $/1M</th> : null}
              <th scope="col">Tools</th>
              <th scope="col">Structured output</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <ProviderRowView key={row.provider} row={row} cached={cached} />
            ))}
          </tbody>
        </table>
      </div>
      <ul className="pb-footnote pb-providers-sources" data-testid="providers-sources">
        <li>Provider, status, provider&apos;s model id and task: {sourceText(table.mappingSource)}.</li>
        <li>
          Prices (US dollars per million tokens), context, router status, tools and structured output:{" "}
          {table.routerSource === null ? "unknown, the router's list could not be read" : sourceText(table.routerSource)}.
        </li>
        {free.length > 0 ? <li>Free of charge for now, per the router (the listed price applies after): {free.join(", ")}.</li> : null}
        {rows.some((row) => row.status === "staging") ? <li>Staging providers are for testing: Compare all leaves them out unless asked.</li> : null}
        {table.routerOnly.length > 0 ? (
          <li>Listed by the router but not mapped by the Hub (not callable by this model id): {table.routerOnly.map((listing) => listing.provider).join(", ")}.</li>
        ) : null}
      </ul>
    </div>
  );
}
