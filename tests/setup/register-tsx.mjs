// Preloaded (`node --import`) ahead of a TypeScript module a test loads into the command line's process:
// registers tsx in whichever thread runs it. `--import tsx` would not do: the command line's worker
// threads inherit the preloads but not tsx's loader, and would fail on the TypeScript file.
import { register } from "tsx/esm/api";

register();
