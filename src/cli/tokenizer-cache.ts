// The command line's cache of tokenizers fetched from the Hub (core/run/hub-tokenizer.ts): each model's
// files by commit under the user's cache folder, `<cache>/providerbench/tokenizers/<model>/<commit>/`, so a
// second run of the same model does not download its tokenizer again (a commit's files never change). It
// says on stderr what it read or kept.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import type { HubTokenizerCache, HubTokenizerFiles } from "../core/run";
import type { CommandLineIo } from "./command-io";
import { placeFile } from "./atomic-file";

const TOKENIZER_JSON = "tokenizer.json";
const CONFIG_JSON = "tokenizer_config.json";

/** The user's cache folder as each system keeps one: XDG_CACHE_HOME (or ~/.cache), ~/Library/Caches, %LOCALAPPDATA%. */
export function tokenizerCacheFolder(env: CommandLineIo["env"], platform: NodeJS.Platform = process.platform): string {
  const base =
    env.XDG_CACHE_HOME !== undefined && env.XDG_CACHE_HOME !== ""
      ? env.XDG_CACHE_HOME
      : platform === "darwin"
        ? join(homedir(), "Library", "Caches")
        : platform === "win32" && env.LOCALAPPDATA !== undefined && env.LOCALAPPDATA !== ""
          ? env.LOCALAPPDATA
          : join(homedir(), ".cache");
  return join(base, "providerbench", "tokenizers");
}

/**
 * The model id and commit were checked before they got here (the scenario's model id pattern allows no `..`
 * and no absolute path; the commit is 40 hex digits), so they are folder names as they are.
 */
export function diskTokenizerCache(folder: string, io: Pick<CommandLineIo, "stderr">): HubTokenizerCache {
  const at = (model: string, commit: string): string => join(folder, ...model.split("/"), commit);
  return {
    async read(model, commit) {
      const dir = at(model, commit);
      const tokenizerJson = await readIfThere(join(dir, TOKENIZER_JSON));
      if (tokenizerJson === undefined) return undefined;
      const config = await readIfThere(join(dir, CONFIG_JSON));
      io.stderr.write(`tokenizer: hf:${model}@${commit}, read from ${dir}\n`);
      return { tokenizerJson, config };
    },
    async write(model, commit, files: HubTokenizerFiles) {
      const dir = at(model, commit);
      try {
        await mkdir(dir, { recursive: true });
        // tokenizer.json last: the folder counts as kept once it is there.
        if (files.config !== undefined) await placeFile(join(dir, CONFIG_JSON), (path) => writeFile(path, files.config!), { replace: true });
        await placeFile(join(dir, TOKENIZER_JSON), (path) => writeFile(path, files.tokenizerJson), { replace: true });
        io.stderr.write(`tokenizer: hf:${model}@${commit}, downloaded from the Hub and kept in ${dir}\n`);
      } catch (error) {
        // A cache that cannot be written costs the next run a download, not this run.
        io.stderr.write(`tokenizer: hf:${model}@${commit}, downloaded from the Hub; not kept (${(error as Error).message})\n`);
      }
    },
  };
}

async function readIfThere(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
