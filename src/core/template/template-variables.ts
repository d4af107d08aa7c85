// The variables a template reads, from its tokens: names inside {{ }} and {% %} that are not keywords,
// attributes (after a dot), filters or tests (after | or is), called functions, or names the template
// sets itself (for loops, set, macros). Enough to tell which columns a template needs, and which it
// needs that no column fills (an unknown variable renders as nothing instead of failing).
import { tokenize } from "@huggingface/jinja";

const KEYWORDS = new Set([
  "if", "elif", "else", "endif", "for", "endfor", "in", "not", "and", "or", "is", "set", "endset", "macro", "endmacro",
  "call", "endcall", "filter", "endfilter", "break", "continue", "generation", "endgeneration",
  "true", "false", "none", "True", "False", "None", "loop", "range", "raise_exception", "namespace", "caller",
]);

export function templateVariables(source: string): string[] {
  let tokens: ReturnType<typeof tokenize>;
  try {
    tokens = tokenize(source, { lstrip_blocks: true, trim_blocks: true });
  } catch {
    return [];
  }
  const read: string[] = [];
  const declared = new Set<string>();
  tokens.forEach((token, index) => {
    if (token.type !== "Identifier") return;
    const before = tokens[index - 1];
    const after = tokens[index + 1];
    const name = token.value;
    if (before?.type === "OpenStatement" && (name === "for" || name === "set" || name === "macro")) {
      // The names up to `in` / `=` / `(` are the template's own.
      for (let next = index + 1; next < tokens.length; next++) {
        const declaredToken = tokens[next]!;
        if (declaredToken.type === "Identifier" && declaredToken.value !== "in") declared.add(declaredToken.value);
        else if (declaredToken.type !== "Comma" && declaredToken.type !== "OpenParen" && declaredToken.type !== "CloseParen") break;
        if (declaredToken.value === "in") break;
      }
      return;
    }
    if (KEYWORDS.has(name) || before?.type === "Dot" || before?.type === "Pipe" || (before?.type === "Identifier" && before.value === "is")) return;
    if (after?.type === "OpenParen" || after?.type === "Equals") return;
    if (!read.includes(name)) read.push(name);
  });
  return read.filter((name) => !declared.has(name));
}
