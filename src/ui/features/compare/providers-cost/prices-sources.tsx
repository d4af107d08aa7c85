// Under the providers' cost table: where the run's prices came from and when they were read (stored with the
// run), today's once looked up, who had no price and why, and the providers the preflight left out.
import { priceSourcesText, unpricedTargetsText, type TargetPriceRecord } from "../../../../core/catalog";
import type { StoredRun } from "../../../../store/db";

export function PricesSources({ run, now }: { run: StoredRun; now: { prices: readonly TargetPriceRecord[]; routerErrors: readonly string[] } | null }) {
  const prices = run.prices ?? [];
  const unpricedThen = unpricedTargetsText(prices);
  const unpricedNow = now === null ? null : unpricedTargetsText(now.prices);
  return (
    <ul className="pb-footnote" data-testid="prices-sources">
      <li data-testid="prices-then">The run&apos;s prices (US dollars): {priceSourcesText(prices) ?? "no listed price was read"}, stored with the run.{unpricedThen === null ? "" : ` No price: ${unpricedThen}.`}</li>
      {now === null ? (
        <li>&quot;Cost at today&apos;s prices&quot; looks the prices up now and prices the same measured tokens with them, beside the run&apos;s.</li>
      ) : (
        <li data-testid="prices-now">
          Today&apos;s prices: {priceSourcesText(now.prices) ?? "no listed price was read"}.{unpricedNow === null ? "" : ` No price: ${unpricedNow}.`}
          {now.routerErrors.length > 0 ? ` ${now.routerErrors.join("; ")}.` : ""}
        </li>
      )}
      {run.preflight !== undefined && run.preflight.dropped.length > 0 ? (
        <li data-testid="preflight-dropped">Left out by the preflight: {run.preflight.dropped.map((entry) => `${entry.targetId} (${entry.reason})`).join("; ")}.</li>
      ) : null}
      {run.preflight !== undefined && run.preflight.notes.length > 0 ? <li>Kept though the preflight failed: {run.preflight.notes.map((entry) => `${entry.targetId} (${entry.note})`).join("; ")}.</li> : null}
    </ul>
  );
}
