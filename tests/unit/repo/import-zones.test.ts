// The import zones of eslint.config.js, checked against small probe files: a zone that silently stopped
// matching (a moved folder, a resolver that no longer finds .ts files) would let any import through.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const repoRoot = new URL("../../../", import.meta.url).pathname;
const BOUNDARY_RULES = new Set(["import-x/no-restricted-paths", "import-x/no-unresolved", "no-restricted-imports", "no-restricted-globals"]);

// Only the boundary rules run, without type information, so the probes need not exist on disk.
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => BOUNDARY_RULES.has(ruleId),
});

// The cycle rule apart: it reads every file an import reaches, which the zones' probes need not wait for.
const cycles = new ESLint({
  cwd: repoRoot,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === "import-x/no-cycle",
});

async function problems(path: string, source: string, linter = eslint): Promise<string[]> {
  const [result] = await linter.lintText(source, { filePath: `${repoRoot}${path}` });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? "parse"}: ${message.message}`);
}

describe("import zones", () => {
  it("keeps core free of the other layers, of Node-only modules, of React and of page globals", async () => {
    const found = await problems(
      "src/core/probe.ts",
      'import { getAppDb } from "../store/db";\nimport { readFile } from "node:fs";\nimport { useMemo } from "react";\nexport const probe = [getAppDb, readFile, useMemo, window];\n',
    );
    expect(found).toHaveLength(4);
    expect(found[0]).toMatch(/^import-x\/no-restricted-paths: .*src\/core is the pure base/);
    expect(found[1]).toMatch(/^no-restricted-imports: .*node:fs/);
    expect(found[2]).toMatch(/^no-restricted-imports: .*react/);
    expect(found[3]).toMatch(/^no-restricted-globals: .*window/);
  });

  it("lets the store import core only, and the CLI neither the store nor the UI", async () => {
    expect(await problems("src/store/probe.ts", 'import { percentile } from "../core/stats";\nexport const probe = percentile;\n')).toEqual([]);
    expect(await problems("src/store/probe.ts", 'import { App } from "../ui/app/app";\nexport const probe = App;\n')).toEqual([
      expect.stringMatching(/src\/store imports only src\/core/),
    ]);
    expect(await problems("src/cli/probe.ts", 'import { getAppDb } from "../store/db";\nexport const probe = getAppDb;\n')).toEqual([
      expect.stringMatching(/never the browser's store or UI/),
    ]);
  });

  it("keeps React out of the run controller's framework-free folder", async () => {
    expect(await problems("src/session/probe.ts", 'import { useState } from "react";\nexport const probe = useState;\n')).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*No UI framework here/),
    ]);
  });

  it("keeps each feature out of every other feature, its index.ts included, and out of the app shell", async () => {
    expect(await problems("src/ui/features/history/probe.ts", 'import { LiveSummary } from "../compare";\nexport const probe = LiveSummary;\n')).toEqual([
      expect.stringMatching(/A feature imports no other feature/),
    ]);
    expect(await problems("src/ui/features/history/probe.ts", 'import { LiveSummary } from "../compare/summary-table/live-summary";\nexport const probe = LiveSummary;\n')).toEqual([
      expect.stringMatching(/A feature imports no other feature/),
    ]);
    expect(await problems("src/ui/features/history/probe.ts", 'import { replayRun } from "../../app/replay-run";\nexport const probe = replayRun;\n')).toEqual([
      expect.stringMatching(/does not import the app shell/),
    ]);
    // Its own folders, shared views and helpers stay open to it.
    expect(
      await problems(
        "src/ui/features/history/probe.ts",
        'import { TrendChart } from "./trend-chart";\nimport { ChartFrame } from "../../components/charts/chart-frame";\nimport { useAppDb } from "../../lib/app-db";\nexport const probe = [TrendChart, ChartFrame, useAppDb];\n',
      ),
    ).toEqual([]);
  });

  it("lets only the app shell open the app's database; every view takes it from useAppDb", async () => {
    const opensTheDatabase = 'import { getAppDb } from "../../../store/db";\nexport const probe = getAppDb;\n';
    expect(await problems("src/ui/features/history/probe.ts", opensTheDatabase)).toEqual([expect.stringMatching(/^no-restricted-imports: .*Only src\/ui\/app opens the app's database/)]);
    expect(await problems("src/ui/components/probe/probe.ts", opensTheDatabase)).toEqual([expect.stringMatching(/Only src\/ui\/app opens the app's database/)]);
    expect(await problems("src/ui/app/probe/probe.ts", opensTheDatabase)).toEqual([]);
    // The database's type is no secret: a view may name it.
    expect(await problems("src/ui/features/history/probe.ts", 'import type { ProviderBenchDb } from "../../../store/db";\nexport type Probe = ProviderBenchDb;\n')).toEqual([]);
  });

  it("keeps shared views independent of features", async () => {
    expect(await problems("src/ui/components/probe.ts", 'import { LiveSummary } from "../features/compare";\nexport const probe = LiveSummary;\n')).toEqual([
      expect.stringMatching(/depend on no feature/),
    ]);
  });

  it("reports a relative import the resolver cannot find, so no zone is skipped unseen", async () => {
    expect(await problems("src/core/probe.ts", 'import { nothing } from "./no-such-module";\nexport const probe = nothing;\n')).toEqual([
      expect.stringMatching(/^import-x\/no-unresolved/),
    ]);
  });

  // The rule reads the imported files to follow their imports: it sees a cycle only if it reads .ts files.
  it("refuses an import cycle in src/, also one through a room's index.ts", async () => {
    // bootstrap.ts imports percentile.ts: percentile.ts importing it back closes a cycle.
    expect(await problems("src/core/stats/percentile.ts", 'import { BOOTSTRAP_SEED } from "./bootstrap";\nexport const probe = BOOTSTRAP_SEED;\n', cycles)).toEqual([
      expect.stringMatching(/^import-x\/no-cycle/),
    ]);
    // The template room's index reaches source-position.ts (template-errors.ts places errors through the text room's index).
    expect(await problems("src/core/text/source-position.ts", 'import { TEMPLATE_LIMITS } from "../template";\nexport const probe = TEMPLATE_LIMITS;\n', cycles)).toEqual([
      expect.stringMatching(/^import-x\/no-cycle/),
    ]);
    expect(await problems("src/core/text/probe.ts", 'import { TEMPLATE_LIMITS } from "../template";\nexport const probe = TEMPLATE_LIMITS;\n', cycles)).toEqual([]);
  });
});

// The length rule apart, as the cycle rule: a function that does a module's work is refused in src/.
const lengths = new ESLint({
  cwd: repoRoot,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === "max-lines-per-function",
});

describe("function length", () => {
  const functionOf = (lines: number): string => `export function probe(): number {\n${"  void 0;\n".repeat(lines - 3)}  return 1;\n}\n`;

  it("refuses a function over 80 lines anywhere in src/, and lets one of 80 through", async () => {
    for (const path of ["src/core/run/probe.ts", "src/ui/features/compare/probe.tsx", "src/cli/probe.ts"]) {
      expect(await problems(path, functionOf(81), lengths)).toEqual([expect.stringMatching(/^max-lines-per-function: .*too many lines \(81\)/)]);
      expect(await problems(path, functionOf(80), lengths)).toEqual([]);
    }
  });
});

describe("a core room's index", () => {
  // A named re-export (`export { a } from "./x"`) in an index marked free of side effects makes esbuild
  // bundle ./x, and all it imports, wherever the index is reached: the command line's first module then
  // carried the whole runner. `export *` lets each module be left out when nothing of it is used.
  it("re-exports whole modules only", () => {
    const indexes = readdirSync(join(repoRoot, "src/core"), { recursive: true, encoding: "utf8" }).filter((path) => path.endsWith("index.ts"));
    expect(indexes.length).toBeGreaterThan(20);
    for (const path of indexes) {
      const lines = readFileSync(join(repoRoot, "src/core", path), "utf8").split("\n").filter((line) => line.trim() !== "" && !line.startsWith("//"));
      // Types are erased before bundling: a type-only re-export brings nothing.
      const bundled = lines.filter((line) => !/^export type \{[^}]*\} from "\.\/[\w-]+";$/.test(line));
      expect(bundled.filter((line) => !/^export \* from "\.\/[\w-]+(\/index)?";$/.test(line)), path).toEqual([]);
    }
  });
});

describe("docs/architecture.md's table of rooms", () => {
  // The table is how a newcomer learns what may import what: it says what the code does, room by room.
  it("lists, for every room of src/core, exactly the rooms its modules import", () => {
    const table = readFileSync(join(repoRoot, "docs/architecture.md"), "utf8");
    const rows = [...table.matchAll(/^\| `([a-z-]+)\/` \|.*\| ([^|]*) \|$/gm)].map((match) => ({
      room: match[1]!,
      mayImport: match[2]!.split(",").map((name) => name.trim()).filter((name) => name !== "" && name !== "nothing").sort(),
    }));
    const rooms = readdirSync(join(repoRoot, "src/core"), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
    expect(rows.map((row) => row.room).sort()).toEqual(rooms);
    for (const { room, mayImport } of rows) {
      const files = readdirSync(join(repoRoot, "src/core", room), { recursive: true, encoding: "utf8" }).filter((path) => /\.tsx?$/.test(path));
      const imported = new Set<string>();
      for (const file of files) {
        const text = readFileSync(join(repoRoot, "src/core", room, file), "utf8");
        for (const match of text.matchAll(/^(?:import|export)[^;]*? from "(\.\.?\/[^"]+)";/gm)) {
          const target = join("src/core", room, dirname(file), match[1]!).split("/");
          if (target[0] === "src" && target[1] === "core" && target[2] !== room && target[2] !== undefined) imported.add(target[2]);
        }
      }
      expect([...imported].sort(), room).toEqual(mayImport);
    }
  });
});
