// Where a target's metrics page is: its own `metricsUrl`, or by default `/metrics` at its endpoint's origin
// (where vLLM, TGI, SGLang and llama.cpp all serve it). A sandbox endpoint's default is its profile's own
// page, `sandbox:/<profile>/metrics`: the sandbox serves every profile at one origin, and a target must
// see its own requests only.
import { resolveEndpointUrl } from "../run";
import { SANDBOX_URL_SCHEME } from "../endpoints";
import { isProviderTarget, type ScenarioTarget } from "../scenario";

/** The page a target's endpoint address implies, before the sandbox is resolved. */
export function defaultMetricsUrl(endpointUrl: string): string {
  if (endpointUrl.startsWith(SANDBOX_URL_SCHEME)) {
    const profile = /^\/([^/]+)/.exec(endpointUrl.slice(SANDBOX_URL_SCHEME.length))?.[1];
    return profile === undefined ? `${SANDBOX_URL_SCHEME}/metrics` : `${SANDBOX_URL_SCHEME}/${profile}/metrics`;
  }
  return `${new URL(endpointUrl).origin}/metrics`;
}

/** The http(s) address scraped for the target; null for a provider target (a shared service has no page of its own). Throws as the call would for an address that does not resolve. */
export function metricsUrlOf(target: ScenarioTarget, sandboxUrl: string | undefined): string | null {
  if (isProviderTarget(target) || target.endpointUrl === undefined) return null;
  return resolveEndpointUrl(target.metricsUrl ?? defaultMetricsUrl(target.endpointUrl), sandboxUrl);
}
