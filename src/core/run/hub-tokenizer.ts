// A model's own tokenizer files fetched from the Hugging Face Hub, before a run's clock starts: its
// tokenizer.json and tokenizer_config.json at a revision, pinned to the commit the Hub names so the run can
// say exactly what counted its tokens. The HF token goes to https://huggingface.co only: every redirect hop
// is sent here by hand, and the Hub's redirect of a large file to its CDN (another host) goes without it.
// A cache (the command line's, on disk) is asked before anything is downloaded. Every failure is one error
// naming the model and what to do.
import { MAX_REDIRECTS, readAtMost, REDIRECT_STATUSES } from "../endpoints";
import { displayText } from "../text";
import { hubAccessToken, scopedFetch } from "./auth-headers";

export const HUB_ORIGIN = "https://huggingface.co";
/** tokenizer.json files run to ~30 MB (large vocabularies with their merges): room for twice that, no more. */
export const MAX_TOKENIZER_JSON_BYTES = 64 * 1024 * 1024;
/** tokenizer_config.json holds a chat template and the added tokens: a few hundred kB at most. */
export const MAX_TOKENIZER_CONFIG_BYTES = 8 * 1024 * 1024;

/** The two files as their text; `config` undefined when the model has no tokenizer_config.json. */
export interface HubTokenizerFiles {
  tokenizerJson: string;
  config: string | undefined;
}

/** Files kept from an earlier fetch, by model and commit (a commit's files never change). */
export interface HubTokenizerCache {
  read(model: string, commit: string): Promise<HubTokenizerFiles | undefined>;
  write(model: string, commit: string, files: HubTokenizerFiles): Promise<void>;
}

/** How a run reaches the Hub for a tokenizer: its fetch, the HF token, and a cache when the front end keeps one. */
export interface HubTokenizerSource {
  fetch: typeof fetch;
  accessToken?: string | undefined;
  cache?: HubTokenizerCache | undefined;
  signal?: AbortSignal | undefined;
}

export interface FetchedHubTokenizer {
  files: HubTokenizerFiles;
  /** The commit the Hub named for the revision asked; the revision as asked (or `main`) when it named none. */
  revision: string;
}

export class HubTokenizerError extends Error {
  override name = "HubTokenizerError";
}

const COMMIT = /^[0-9a-f]{40}$/;

/** The tokenizer files of `model` at `revision` (`main` when left out), from the cache or the Hub. */
export async function fetchHubTokenizer(model: string, revision: string | undefined, source: HubTokenizerSource): Promise<FetchedHubTokenizer> {
  const asked = revision ?? "main";
  if (COMMIT.test(asked)) {
    const kept = await source.cache?.read(model, asked);
    if (kept !== undefined) return { files: kept, revision: asked };
  }
  // The small file first: its answer names the commit, so a cached tokenizer.json need not be downloaded again.
  const config = await getFile(model, asked, "tokenizer_config.json", MAX_TOKENIZER_CONFIG_BYTES, source);
  let commit = config.commit;
  if (commit !== undefined && commit !== asked) {
    const kept = await source.cache?.read(model, commit);
    if (kept !== undefined) return { files: kept, revision: commit };
  }
  const tokenizer = await getFile(model, commit ?? asked, "tokenizer.json", MAX_TOKENIZER_JSON_BYTES, source);
  if (tokenizer.text === undefined) throw new HubTokenizerError(noTokenizerJson(model, commit ?? asked));
  commit ??= tokenizer.commit;
  const files = { tokenizerJson: tokenizer.text, config: config.text };
  if (commit !== undefined) await source.cache?.write(model, commit, files);
  return { files, revision: commit ?? asked };
}

function noTokenizerJson(model: string, revision: string): string {
  return `${model} has no tokenizer.json at ${revision}: a model with only a sentencepiece tokenizer.model is not supported; convert it to a tokenizer.json and give it as { "file": "tokenizer.json" }`;
}

/** One file's text (undefined when the repository has no such file) and the commit the Hub named. */
async function getFile(model: string, revision: string, name: string, maxBytes: number, source: HubTokenizerSource): Promise<{ text: string | undefined; commit: string | undefined }> {
  const url = `${HUB_ORIGIN}/${model}/resolve/${encodeURIComponent(revision)}/${name}`;
  const { response, commit } = await getFollowingRedirects(new URL(url), model, name, source);
  if (response.status === 404 && !isRepositoryMissing(response)) {
    discard(response);
    if (response.headers.get("x-error-code") === "RevisionNotFound") throw new HubTokenizerError(`${model} has no revision ${revision} on the Hub`);
    return { text: undefined, commit };
  }
  if (!response.ok) throw failure(response, model, name, source);
  if (response.body === null) return { text: "", commit };
  const tooLarge = (): Error => new HubTokenizerError(`${name} of ${model} is larger than ${maxBytes / (1024 * 1024)} MB: not read; give it as { "file": … } if it is right`);
  let bytes: Uint8Array;
  try {
    bytes = await readAtMost(response.body, maxBytes, tooLarge);
  } catch (error) {
    if (error instanceof HubTokenizerError) throw error;
    throw new HubTokenizerError(`${name} of ${model} was cut off: ${messageOf(error)}`);
  }
  return { text: new TextDecoder().decode(bytes), commit };
}

/**
 * GETs `first`, following redirects hop by hop: the token only at the Hub's own origin (scopedFetch would
 * also let it go to other huggingface.co hosts; a file's CDN is not one the token is needed at). The commit
 * is read from the Hub's own answer, the redirect included: the CDN's answer does not name it.
 */
async function getFollowingRedirects(first: URL, model: string, name: string, source: HubTokenizerSource): Promise<{ response: Response; commit: string | undefined }> {
  const send = scopedFetch(source.fetch, { kind: "huggingface" });
  const token = hubAccessToken(source.accessToken);
  let url = first;
  let commit: string | undefined;
  for (let redirects = 0; ; redirects++) {
    const headers: Record<string, string> = token !== null && url.origin === HUB_ORIGIN ? { authorization: `Bearer ${token}` } : {};
    const init: RequestInit = { method: "GET", headers, signal: source.signal ?? null };
    let response = await sendOrExplain(() => send(url.href, { ...init, redirect: "manual" }), url, model, name);
    if (response.type === "opaqueredirect") {
      // A browser hides where a redirect goes: it follows it itself then, and by the Fetch standard drops the
      // Authorization header when the redirect leaves the origin.
      response = await sendOrExplain(() => send(url.href, init), url, model, name);
      return { response, commit: commit ?? commitOf(response) };
    }
    commit ??= commitOf(response);
    const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get("location") : null;
    if (location === null) return { response, commit };
    discard(response);
    if (redirects + 1 > MAX_REDIRECTS) throw new HubTokenizerError(`${name} of ${model}: more than ${MAX_REDIRECTS} redirects, not followed further`);
    url = new URL(location, url);
  }
}

async function sendOrExplain(send: () => Promise<Response>, url: URL, model: string, name: string): Promise<Response> {
  try {
    return await send();
  } catch (error) {
    throw new HubTokenizerError(`${name} of ${model} could not be read from ${url.host} (${messageOf(error)}): offline? give the tokenizer as { "file": "tokenizer.json" }, or use "o200k_base"`);
  }
}

function commitOf(response: Response): string | undefined {
  const commit = response.headers.get("x-repo-commit");
  return commit !== null && COMMIT.test(commit) ? commit : undefined;
}

/** The Hub answers a repository that is missing (or private, to someone who may not see it) with this code. */
function isRepositoryMissing(response: Response): boolean {
  return response.headers.get("x-error-code") === "RepoNotFound";
}

function failure(response: Response, model: string, name: string, source: HubTokenizerSource): HubTokenizerError {
  discard(response);
  if (isRepositoryMissing(response)) return new HubTokenizerError(`${model} was not found on the Hub (a private model needs a token that may read it)`);
  if (response.status === 401 || response.status === 403) {
    return new HubTokenizerError(
      hubAccessToken(source.accessToken) === null
        ? `${model} needs a token with access to ${model} (HF_TOKEN on the command line, Settings in the dashboard)`
        : `the token given has no access to ${model}: a gated model's terms are accepted on its page, ${HUB_ORIGIN}/${model}`,
    );
  }
  return new HubTokenizerError(`${name} of ${model}: the Hub answered HTTP ${response.status}`);
}

function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message || error.name : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return displayText(`${message}${cause}`);
}

/** An answer whose body is not wanted: cancelled without waiting (a server need not answer a cancel for this to end). */
function discard(response: Response): void {
  response.body?.cancel().catch(() => undefined);
}
