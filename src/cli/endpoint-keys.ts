// Endpoint keys on the command line. A scenario file comes from anywhere (a repository, a colleague, a
// share link), so it never decides by itself that an environment variable leaves the machine: the person
// running it grants each one, `--key <targetId|origin>=<ENV>`, and the run says before its first request
// which variable goes to which origin. A target's `apiKeyEnv` only asks: without a grant the run stops
// and names the --key it needs.
import { credentialScopeOf, type EndpointKeys } from "../core/run";
import { endpointOrigin } from "../core/endpoints";
import { isProviderTarget, keyVariableNameProblem, type Scenario } from "../core/scenario";

/** `--key vllm=VLLM_KEY` (one target of the scenario) or `--key http://127.0.0.1:8000=VLLM_KEY` (every endpoint target at that origin). */
export interface KeyGrant {
  to: { kind: "target"; targetId: string } | { kind: "origin"; origin: string };
  /** The environment variable holding the key: its name, never its value. */
  variable: string;
}

/** One line of what the run prints before its first request: a variable, the origin it goes to, the targets there. */
export interface KeyRoute {
  variable: string;
  origin: string;
  targetIds: string[];
}

export type EndpointKeysResult = { ok: true; keys: EndpointKeys; routes: KeyRoute[] } | { ok: false; message: string };

export const KEY_FLAG_USAGE = "--key takes <target id or origin>=<ENVIRONMENT VARIABLE>, e.g. --key vllm=VLLM_KEY or --key http://127.0.0.1:8000=VLLM_KEY";

/** A `--key` value, or why it is not one. The value is never repeated: a key pasted in place of a name must not reach the terminal. */
export function parseKeyGrant(text: string): KeyGrant | { error: string } {
  const equals = text.lastIndexOf("=");
  const name = text.slice(0, Math.max(0, equals)).trim();
  const variable = text.slice(equals + 1).trim();
  if (equals <= 0 || name === "") return { error: KEY_FLAG_USAGE };
  const variableProblem = keyVariableNameProblem(variable);
  if (variableProblem !== null) return { error: `--key ${name}=…: the part after = ${variableProblem}` };
  if (!name.includes("://")) return { to: { kind: "target", targetId: name }, variable };
  const origin = endpointOrigin(name);
  if (origin === null || !isBareOrigin(name)) return { error: `--key ${name}=${variable}: an origin is a scheme, host and port alone (http://127.0.0.1:8000), without path or credentials` };
  return { to: { kind: "origin", origin }, variable };
}

function isBareOrigin(text: string): boolean {
  const url = new URL(text);
  return url.pathname === "/" && url.search === "" && url.hash === "" && url.username === "" && url.password === "";
}

/**
 * The variables the grants send, by target and by origin (values are variable names), checked against
 * the scenario: every grant names an endpoint target or the origin of one, and every target whose
 * `apiKeyEnv` asks for a key is granted one. No environment is read: an Artillery export checks its grants
 * here, and its workers read the variables.
 */
export function grantedVariables(
  scenario: Pick<Scenario, "targets">,
  grants: readonly KeyGrant[],
  sandboxUrl: string | undefined,
): { ok: true; variables: EndpointKeys; routes: KeyRoute[] } | { ok: false; message: string } {
  const byTarget: Record<string, string> = {};
  const byOrigin: Record<string, string> = {};
  const problems: string[] = [];
  const endpointTargets = scenario.targets.filter((target) => !isProviderTarget(target));
  for (const grant of grants) {
    const flag = `--key ${grant.to.kind === "target" ? grant.to.targetId : grant.to.origin}=${grant.variable}`;
    if (grant.to.kind === "target") {
      const { targetId } = grant.to;
      const target = scenario.targets.find((candidate) => candidate.id === targetId);
      if (target === undefined) problems.push(`${flag}: the scenario has no target ${targetId} (its targets: ${scenario.targets.map((candidate) => candidate.id).join(", ")})`);
      else if (isProviderTarget(target)) problems.push(`${flag}: ${targetId} calls a Hugging Face provider, which takes the token (HF_TOKEN), not a key`);
      else if (Object.hasOwn(byTarget, targetId)) problems.push(`${flag}: ${targetId} is granted a key twice`);
      else byTarget[targetId] = grant.variable;
    } else {
      const { origin } = grant.to;
      if (!endpointTargets.some((target) => scopeOf(target, {}, sandboxUrl).origin === origin)) problems.push(`${flag}: no endpoint target of the scenario is at ${origin}`);
      else if (Object.hasOwn(byOrigin, origin)) problems.push(`${flag}: ${origin} is granted a key twice`);
      else byOrigin[origin] = grant.variable;
    }
  }
  const variables: EndpointKeys = { byTarget, byOrigin };
  scenario.targets.forEach((target, index) => {
    if (target.apiKeyEnv === undefined || isProviderTarget(target) || scopeOf(target, variables, sandboxUrl).key !== null) return;
    problems.push(
      `targets[${index}].apiKeyEnv: ${target.id} asks for the key in ${target.apiKeyEnv}, but a scenario file does not send an environment variable by itself: grant it with --key ${target.id}=${target.apiKeyEnv}`,
    );
  });
  return problems.length > 0 ? { ok: false, message: problems.join("\n") } : { ok: true, variables, routes: keyRoutes(scenario, variables, sandboxUrl) };
}

/** The granted keys read from the environment, and the routes to print; a granted variable that is not set stops the run. */
export function endpointKeysFromGrants(
  scenario: Pick<Scenario, "targets">,
  grants: readonly KeyGrant[],
  env: Record<string, string | undefined>,
  sandboxUrl: string | undefined,
): EndpointKeysResult {
  const granted = grantedVariables(scenario, grants, sandboxUrl);
  if (!granted.ok) return granted;
  const missing = new Set<string>();
  const read = (variables: Readonly<Record<string, string>> | undefined): Record<string, string> => {
    const keys: Record<string, string> = {};
    for (const [name, variable] of Object.entries(variables ?? {})) {
      const key = Object.hasOwn(env, variable) ? env[variable]?.trim() : undefined;
      if (key) keys[name] = key;
      else missing.add(variable);
    }
    return keys;
  };
  const keys: EndpointKeys = { byTarget: read(granted.variables.byTarget), byOrigin: read(granted.variables.byOrigin) };
  if (missing.size > 0) return { ok: false, message: [...missing].map((variable) => `--key …=${variable}: the environment variable ${variable} is not set`).join("\n") };
  return { ok: true, keys, routes: granted.routes };
}

/** Which variable each endpoint target's requests carry, decided by the runner's own rule (credentialScopeOf), grouped by variable and origin. */
function keyRoutes(scenario: Pick<Scenario, "targets">, variables: EndpointKeys, sandboxUrl: string | undefined): KeyRoute[] {
  const routes = new Map<string, KeyRoute>();
  for (const target of scenario.targets) {
    const { origin, key: variable } = scopeOf(target, variables, sandboxUrl);
    if (origin === null || variable === null) continue;
    const route = routes.get(`${variable} ${origin}`);
    if (route === undefined) routes.set(`${variable} ${origin}`, { variable, origin, targetIds: [target.id] });
    else route.targetIds.push(target.id);
  }
  return [...routes.values()];
}

/** What the run prints before its first request, one line a route: the variable's name, never its value. */
export function describeKeyRoutes(routes: readonly KeyRoute[]): string {
  return routes.map((route) => `key: $${route.variable} goes to ${route.origin} only (${route.targetIds.length === 1 ? "target" : "targets"} ${route.targetIds.join(", ")})\n`).join("");
}

function scopeOf(target: Scenario["targets"][number], keys: EndpointKeys, sandboxUrl: string | undefined): { origin: string | null; key: string | null } {
  const scope = credentialScopeOf(target, keys, sandboxUrl);
  return scope.kind === "endpoint" ? { origin: scope.origin, key: scope.key } : { origin: null, key: null };
}
