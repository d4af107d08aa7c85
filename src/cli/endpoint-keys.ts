// Endpoint keys on the command line: each target that names an environment variable (`apiKeyEnv`) gets
// that variable's value, read once before anything is sent; a variable that is not set stops the run.
import type { EndpointKeys } from "../core/auth-headers";
import type { Scenario } from "../core/scenario";

export type EndpointKeysResult = { ok: true; keys: EndpointKeys } | { ok: false; message: string };

export function endpointKeysFromEnvironment(scenario: Pick<Scenario, "targets">, env: Record<string, string | undefined>): EndpointKeysResult {
  const byTarget: Record<string, string> = {};
  const missing: string[] = [];
  scenario.targets.forEach((target, index) => {
    if (target.apiKeyEnv === undefined) return;
    const key = env[target.apiKeyEnv]?.trim();
    if (key) byTarget[target.id] = key;
    else missing.push(`targets[${index}].apiKeyEnv: the environment variable ${target.apiKeyEnv} is not set (it holds the key for ${target.id})`);
  });
  return missing.length > 0 ? { ok: false, message: missing.join("\n") } : { ok: true, keys: { byTarget } };
}
