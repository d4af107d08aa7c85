// New targets for the target builder, each with an id no other target of the scenario has.
import { isPlainObject } from "./draft-paths";

/** The sandbox's performance profiles, in the order a comparison usually wants them. */
export const SANDBOX_PROFILES = ["fast", "steady", "slow", "flaky", "instant", "exact"] as const;

function usedIds(targets: unknown): Set<string> {
  return new Set((Array.isArray(targets) ? targets : []).flatMap((target) => (isPlainObject(target) && typeof target.id === "string" ? [target.id] : [])));
}

export function uniqueTargetId(base: string, targets: unknown): string {
  const used = usedIds(targets);
  const clean = base.replace(/[^A-Za-z0-9._-]/g, "-").replace(/^[^A-Za-z0-9]+/, "").slice(0, 60) || "target";
  if (!used.has(clean)) return clean;
  for (let suffix = 2; ; suffix += 1) if (!used.has(`${clean}-${suffix}`)) return `${clean}-${suffix}`;
}

export function newProviderTarget(targets: unknown, model: string): Record<string, unknown> {
  return { id: uniqueTargetId("auto", targets), provider: "auto", model };
}

export function newEndpointTarget(targets: unknown): Record<string, unknown> {
  return { id: uniqueTargetId("endpoint", targets), endpointUrl: "http://127.0.0.1:8080/v1", model: "" };
}

/** The next sandbox profile not yet in the scenario (or the first again), as a target. */
export function newSandboxTarget(targets: unknown): Record<string, unknown> {
  const list = Array.isArray(targets) ? targets : [];
  const urls = new Set(list.flatMap((target) => (isPlainObject(target) && typeof target.endpointUrl === "string" ? [target.endpointUrl] : [])));
  const profile = SANDBOX_PROFILES.find((name) => !urls.has(`sandbox:/${name}/v1`)) ?? SANDBOX_PROFILES[0];
  return { id: uniqueTargetId(profile, targets), label: `Sandbox ${profile}`, endpointUrl: `sandbox:/${profile}/v1`, model: `sandbox-${profile}` };
}
