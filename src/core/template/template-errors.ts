// Template errors with a place in the source (line:column). @huggingface/jinja's errors carry a message
// only, and its tokens no offsets, so the place is worked out from its own token stream: a lexer error at
// the shortest prefix of the source that fails the same way; a parser error at the last token the parser
// read (the token list is watched while it parses); a rendering error at the first use of the name the
// failing node carries (a variable, a filter, a called function), or nowhere when it carries none.
import { parse, tokenize } from "@huggingface/jinja";
import { positionAt, type SourcePosition } from "../text";
import { FAILED_NODE, parseTemplate } from "./template";


export interface TemplateError {
  message: string;
  position: SourcePosition | null;
}

type Template = ReturnType<typeof parseTemplate>;
type Token = ReturnType<typeof tokenize>[number];

/** The options @huggingface/jinja's Template tokenizes with: positions must come from the same token stream. */
const TOKENIZE_OPTIONS = { lstrip_blocks: true, trim_blocks: true } as const;

/** The template parsed, or its syntax error placed in the source. */
export function parseTemplateWithPosition(source: string): { ok: true; template: Template } | { ok: false; error: TemplateError } {
  try {
    return { ok: true, template: parseTemplate(source) };
  } catch (error) {
    return { ok: false, error: locateSyntaxError(source, error) };
  }
}

/** `line 2, column 7: message`, or the message alone when it has no place. */
export function formatTemplateError(error: TemplateError): string {
  return error.position === null ? error.message : `line ${error.position.line}, column ${error.position.column}: ${error.message}`;
}

function locateSyntaxError(source: string, error: unknown): TemplateError {
  let tokens: Token[];
  try {
    tokens = tokenize(source, TOKENIZE_OPTIONS);
  } catch (lexerError) {
    const message = messageOf(lexerError);
    return { message, position: positionAt(source, lexerFailureOffset(source, message)) };
  }
  let lastRead = -1;
  const watched = new Proxy(tokens, {
    get(target, property, receiver) {
      if (typeof property === "string" && /^\d+$/.test(property)) lastRead = Number(property);
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  try {
    parse(watched);
  } catch (parserError) {
    // Running out of tokens inside a block makes the parser read `.type` of undefined: say what that means.
    const ranOut = lastRead >= tokens.length;
    const message = ranOut ? "the template ends inside an unclosed block or expression (a missing {% end… %}, }} or %}?)" : messageOf(parserError);
    return { message, position: positionAt(source, ranOut ? source.length : tokenOffset(source, tokens, lastRead)) };
  }
  return { message: messageOf(error), position: null };
}

/**
 * Where token `index` starts in the source. The tokens' values are found in order from where the one
 * before ended: only whitespace and the `-` of `{%-`/`-%}` lie between tokens, and a string literal's
 * value is unescaped, so a string is found by its quotes instead.
 */
function tokenOffset(source: string, tokens: readonly Token[], index: number): number {
  let cursor = 0;
  for (let current = 0; current <= index && current < tokens.length; current++) {
    const token = tokens[current]!;
    let start: number;
    let end: number;
    if (token.type === "StringLiteral") {
      start = firstOf(source, ["'", '"'], cursor);
      end = closingQuote(source, start) + 1;
    } else if (token.type === "Comment") {
      start = source.indexOf("{#", cursor);
      end = source.indexOf("#}", start + 2) + 2;
    } else {
      start = source.indexOf(token.value, cursor);
      end = start + token.value.length;
    }
    if (start < 0) return cursor;
    if (current === index) return start;
    cursor = Math.max(end, start);
  }
  return source.length;
}

function firstOf(source: string, needles: readonly string[], from: number): number {
  const found = needles.map((needle) => source.indexOf(needle, from)).filter((offset) => offset >= 0);
  return found.length === 0 ? -1 : Math.min(...found);
}

function closingQuote(source: string, open: number): number {
  const quote = source[open];
  for (let offset = open + 1; offset < source.length; offset++) {
    if (source[offset] === "\\") offset++;
    else if (source[offset] === quote) return offset;
  }
  return source.length - 1;
}

/**
 * The lexer fails where the shortest failing prefix of the source ends; running out of input (a string
 * never closed) is placed where that string opens.
 */
function lexerFailureOffset(source: string, message: string): number {
  if (message === "Unexpected end of input") return unclosedStringOffset(source);
  const failsAlike = (length: number): boolean => {
    try {
      tokenize(source.slice(0, length), TOKENIZE_OPTIONS);
      return false;
    } catch (error) {
      return messageOf(error) === message;
    }
  };
  let low = 1;
  let high = source.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (failsAlike(middle)) high = middle;
    else low = middle + 1;
  }
  return low - 1;
}

/** The opening quote of a string inside {{ }} or {% %} that is never closed; the end of the source if none. */
function unclosedStringOffset(source: string): number {
  let inTag = false;
  for (let offset = 0; offset < source.length; offset++) {
    const pair = source.slice(offset, offset + 2);
    if (!inTag && (pair === "{{" || pair === "{%")) {
      inTag = true;
      offset++;
    } else if (inTag && (pair === "}}" || pair === "%}")) {
      inTag = false;
      offset++;
    } else if (inTag && (source[offset] === "'" || source[offset] === '"')) {
      const close = closingQuote(source, offset);
      if (source[close] !== source[offset] || close === offset) return offset;
      offset = close;
    }
  }
  return source.length;
}

/** A rendering error placed at the first use of the name its failing node carries. */
export function locateRenderError(source: string, error: unknown): TemplateError {
  const message = messageOf(error);
  const node = error instanceof Error ? (error as Error & { [FAILED_NODE]?: unknown })[FAILED_NODE] : undefined;
  const name = nameOf(node);
  if (name === null) return { message, position: null };
  let tokens: Token[];
  try {
    tokens = tokenize(source, TOKENIZE_OPTIONS);
  } catch {
    return { message, position: null };
  }
  const index = tokens.findIndex((token) => token.type === "Identifier" && token.value === name);
  return { message, position: index < 0 ? null : positionAt(source, tokenOffset(source, tokens, index)) };
}

interface NodeShape {
  type?: unknown;
  value?: unknown;
  callee?: unknown;
  filter?: unknown;
  property?: unknown;
  computed?: unknown;
}

function nameOf(node: unknown): string | null {
  if (typeof node !== "object" || node === null) return null;
  const shape = node as NodeShape;
  switch (shape.type) {
    case "Identifier":
      return typeof shape.value === "string" ? shape.value : null;
    case "CallExpression":
      return nameOf(shape.callee);
    case "FilterExpression":
      return nameOf(shape.filter);
    case "MemberExpression":
      return shape.computed === true ? null : nameOf(shape.property);
    default:
      return null;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
