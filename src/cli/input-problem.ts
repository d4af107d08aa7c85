/** A run's input that cannot be used (the scenario, the token, a dataset, the sandbox not answering): exit code 2. */
export class InputProblem extends Error {}

/** A problem's detail lines, indented under the line that names it. */
export function indented(text: string): string {
  return text
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
}
