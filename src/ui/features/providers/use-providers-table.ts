// The providers table of one model, looked up when the model is chosen and again on request. A failed
// look-up keeps the last table that was read, marked with its read time, and says why beside it: a
// table is never emptied, nor filled in, by a failure.
import { useCallback, useEffect, useRef, useState } from "react";
import { fetchProvidersTable, type ProvidersTable } from "../../../core/catalog";
import { describeError } from "../../../core/text";
import { catalogLookupOptions } from "../../lib/catalog-lookups";

export interface ProvidersLookup {
  /** The last table read for this model; null until one was. */
  table: ProvidersTable | null;
  /** Why the router's list could not be read with the table above (its values are then unknown). */
  routerError: string | null;
  /** Why the last look-up failed; the table above, if any, is the one read before. */
  error: string | null;
  loading: boolean;
  refresh(): void;
}

export function useProvidersTable(modelId: string | null): ProvidersLookup {
  const [state, setState] = useState<Omit<ProvidersLookup, "refresh">>({ table: null, routerError: null, error: null, loading: false });
  const [asked, setAsked] = useState(0);
  const current = useRef<string | null>(null);
  useEffect(() => {
    if (modelId === null) return;
    // Another model's table is not this one's last good table.
    if (current.current !== modelId) setState({ table: null, routerError: null, error: null, loading: true });
    else setState((previous) => ({ ...previous, loading: true }));
    current.current = modelId;
    const controller = new AbortController();
    fetchProvidersTable(modelId, catalogLookupOptions(controller.signal)).then(
      ({ table, routerError }) => {
        if (controller.signal.aborted) return;
        setState((previous) =>
          // The router failing now does not take away the prices read from it before: that table stays, with the error.
          routerError !== null && (previous.table?.routerSource ?? null) !== null
            ? { ...previous, error: routerError.message, loading: false }
            : { table, routerError: routerError?.message ?? null, error: null, loading: false },
        );
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((previous) => ({ ...previous, error: describeError(error), loading: false }));
      },
    );
    return () => controller.abort();
  }, [modelId, asked]);
  const refresh = useCallback(() => setAsked((count) => count + 1), []);
  return { ...state, refresh };
}
