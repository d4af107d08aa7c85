// Code to call one target the way the run did: a JavaScript (fetch), Python (requests) and curl snippet
// of the request @huggingface/inference builds for the scenario's first input (snippet-request.ts). Every
// value is written by the language's own quoting (quote.ts): a scenario is written by anyone, and a prompt
// such as `'; touch x; echo '` must stay a prompt when the snippet is pasted. The token is read from an
// environment variable ($HF_TOKEN, or the endpoint's $API_TOKEN / apiKeyEnv); no token is ever passed in.
import type { Scenario, ScenarioTarget } from "../scenario";
import { jsLiteral, pythonLiteral, shellQuoted } from "./quote";
import { snippetRequest, type SnippetRequest } from "./snippet-request";

export type SnippetLanguage = "js" | "python" | "sh";

export interface CodeSnippet {
  language: SnippetLanguage;
  /** How the snippet sends the request: "fetch", "requests", "curl". */
  client: string;
  content: string;
}

export type TargetSnippets = { targetId: string; snippets: CodeSnippet[] } | { targetId: string; unavailable: string };

export const LANGUAGE_NAMES: Readonly<Record<SnippetLanguage, string>> = { js: "JavaScript", python: "Python", sh: "curl" };

/**
 * The three snippets for this target, or why there are none (an endpoint without a sandbox URL, a provider
 * the library cannot call for the task, …). `sandboxUrl` resolves `sandbox:/…` endpoints.
 */
export function targetSnippets(scenario: Scenario, target: ScenarioTarget, sandboxUrl?: string): TargetSnippets {
  const request = snippetRequest(scenario, target, sandboxUrl);
  if ("unavailable" in request) return { targetId: target.id, unavailable: request.unavailable };
  return {
    targetId: target.id,
    snippets: [
      { language: "js", client: "fetch", content: fetchSnippet(request) },
      { language: "python", client: "requests", content: requestsSnippet(request) },
      { language: "sh", client: "curl", content: curlSnippet(request) },
    ],
  };
}

/** Every target of the scenario, or the one named. */
export function scenarioSnippets(scenario: Scenario, sandboxUrl?: string, targetId?: string): TargetSnippets[] {
  return scenario.targets.filter((target) => targetId === undefined || target.id === targetId).map((target) => targetSnippets(scenario, target, sandboxUrl));
}

function curlSnippet(request: SnippetRequest): string {
  const lines = [`curl ${shellQuoted(request.url)}`, "-X POST", `-H "Authorization: Bearer \${${request.tokenVariable}}"`];
  if (request.stream) lines.push("--no-buffer");
  if (request.body.kind === "file") {
    lines.push(`--data-binary ${shellQuoted(`@${request.body.path}`)}`);
  } else {
    lines.push("-H 'Content-Type: application/json'", `-d ${shellQuoted(JSON.stringify(request.body.value, null, 4))}`);
  }
  return lines.join(" \\\n    ");
}

function requestsSnippet(request: SnippetRequest): string {
  const body = request.body.kind === "file" ? `data=open(${pythonLiteral(request.body.path)}, "rb").read(),` : `json=${pythonLiteral(request.body.value, 4)},`;
  const call = [
    "response = requests.post(",
    `    ${pythonLiteral(request.url)},`,
    `    headers={"Authorization": "Bearer " + os.environ[${pythonLiteral(request.tokenVariable)}]},`,
    `    ${body}`,
    ...(request.stream ? ["    stream=True,"] : []),
    ")",
  ];
  const read = request.stream ? ["for line in response.iter_lines():", "    if line:", "        print(line.decode())"] : ["print(response.json())"];
  return ["import os", "import requests", "", ...call, ...read].join("\n");
}

function fetchSnippet(request: SnippetRequest): string {
  const file = request.body.kind === "file";
  const headers = [`        Authorization: \`Bearer \${process.env[${jsLiteral(request.tokenVariable)}]}\`,`, ...(file ? [] : ['        "Content-Type": "application/json",'])];
  const body = request.body.kind === "file" ? `readFileSync(${jsLiteral(request.body.path)})` : `JSON.stringify(${jsLiteral(request.body.value, 4)})`;
  const read = request.stream ? ["for await (const chunk of response.body) process.stdout.write(chunk);"] : ["console.log(await response.json());"];
  return [
    ...(file ? ['import { readFileSync } from "node:fs";', ""] : []),
    `const response = await fetch(${jsLiteral(request.url)}, {`,
    '    method: "POST",',
    "    headers: {",
    ...headers,
    "    },",
    `    body: ${body},`,
    "});",
    ...read,
  ].join("\n");
}
