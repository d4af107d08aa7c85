// A scenario's `{ "model": … }` tokenizer made ready: its files fetched (hub-tokenizer.ts), read as JSON and
// tried (hf-tokenizer.ts), its id naming the commit the Hub named, so a run says exactly what counted its
// tokens. What goes wrong is thrown naming the scenario's field.
import { createHfTokenizer, type Tokenizer } from "../workloads";
import { fetchHubTokenizer, type HubTokenizerSource } from "./hub-tokenizer";

/** `field` is where the scenario names the model (`inputs.synthetic.tokenizer.model`). */
export async function loadHubTokenizer(choice: { model: string; revision?: string }, source: HubTokenizerSource, field: string): Promise<Tokenizer> {
  const where = `scenario inputs: ${field}`;
  let fetched: Awaited<ReturnType<typeof fetchHubTokenizer>>;
  try {
    fetched = await fetchHubTokenizer(choice.model, choice.revision, source);
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`, { cause: error });
  }
  const tokenizerJson = parsed(fetched.files.tokenizerJson, "tokenizer.json", choice.model, where);
  const config = fetched.files.config === undefined ? undefined : parsed(fetched.files.config, "tokenizer_config.json", choice.model, where);
  try {
    return createHfTokenizer(tokenizerJson, config, { model: choice.model, revision: fetched.revision });
  } catch (error) {
    throw new Error(`${where}: ${choice.model}'s ${(error as Error).message}`, { cause: error });
  }
}

function parsed(text: string, name: string, model: string, where: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${where}: ${name} of ${model} is not JSON (${(error as Error).message})`, { cause: error });
  }
}
