// An input file a run's inputs name (a trace, a ShareGPT file, a tokenizer.json), read before its clock
// starts through the run's reader (the command line's, within the scenario's folder; the dashboard's stored
// files). What goes wrong is thrown naming the scenario field the path was given at.
import type { InputFileReader } from "../scenario";

/** The text of the file at `path`, given at the scenario field `field` (`inputs.trace.file`, …). */
export async function readInputFileText(path: string, field: string, readInputFile: InputFileReader | undefined): Promise<string> {
  const where = `scenario inputs: ${field}`;
  if (readInputFile === undefined) throw new Error(`${where}: cannot read ${path}: this run was given no way to read input files`);
  try {
    return await (await readInputFile(path)).text();
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`, { cause: error });
  }
}
