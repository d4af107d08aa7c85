// Where a run was made: the machine, browser or tool, and the place label the user gave (`--origin`), so
// runs from two places compare side by side under names that say where each came from.

/** The programs a run can come from: ProviderBench itself, or a tool whose results were imported. */
export const RUN_TOOLS = ["providerbench-cli", "providerbench-browser", "vllm-bench-serve", "aiperf", "guidellm", "artillery"] as const;
export type RunTool = (typeof RUN_TOOLS)[number];

export interface RunOrigin {
  /** The place as the user named it (`--origin eu-west-1`); null when none was given. */
  label: string | null;
  tool: RunTool;
  /** The tool's version when known (ProviderBench's package version, guidellm_version, …). */
  toolVersion: string | null;
  /** The machine's host name (the command line); null in a browser, which does not know it. */
  host: string | null;
  /** The browser's user agent, or "Node v20.20.2 (linux x64)" for the command line. */
  userAgent: string | null;
}

const TOOL_NAMES: Record<RunTool, string> = {
  "providerbench-cli": "ProviderBench CLI",
  "providerbench-browser": "ProviderBench in a browser",
  "vllm-bench-serve": "vllm bench serve",
  aiperf: "AIPerf",
  guidellm: "GuideLLM",
  artillery: "Artillery",
};

export function toolName(tool: RunTool): string {
  return TOOL_NAMES[tool];
}

/** "eu-west-1", else "build-01" (the host), else the tool: the short name a run is labelled with. */
export function originLabel(origin: RunOrigin): string {
  return origin.label ?? origin.host ?? toolName(origin.tool);
}

/** "eu-west-1 · ProviderBench CLI on build-01 · Node v20.20.2 (linux x64)": every part that is known. */
export function describeOrigin(origin: RunOrigin): string {
  const made = origin.host !== null ? `${toolName(origin.tool)} on ${origin.host}` : toolName(origin.tool);
  const version = origin.toolVersion !== null ? ` ${origin.toolVersion}` : "";
  return [origin.label, `${made}${version}`, origin.userAgent].filter((part) => part !== null && part !== "").join(" · ");
}
