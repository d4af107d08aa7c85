// The rules a tool keeps: typescript-eslint (with types, where it catches real bugs such as a forgotten
// await), React's hooks rules, and the import zones that keep each layer in its place. docs/architecture.md
// explains the layers; the zones below are the same list, checked.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { defineConfig } from "eslint/config";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import { importX, createNodeResolver } from "eslint-plugin-import-x";

const root = import.meta.dirname;
const features = readdirSync(join(root, "src/ui/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * A feature imports no other feature, not even its index.ts: views two features need live in
 * src/ui/components, helpers in src/ui/lib, and the app shell (src/ui/app) composes features together.
 */
const featureZones = [
  ...features.map((feature) => ({
    target: `src/ui/features/${feature}`,
    from: "src/ui/features",
    except: [`./${feature}`],
    message: "A feature imports no other feature: move what both need to src/ui/components or src/ui/lib, or compose the two in src/ui/app.",
  })),
  {
    target: "src/ui/features",
    from: "src/ui/app",
    message: "A feature does not import the app shell: the shell hands it what it needs (props, or the providers in src/ui/lib).",
  },
];

/** The app's database is opened in one place, the app shell; every view gets it from useAppDb (src/ui/lib/app-db.tsx). */
const appDbFromTheShellOnly = {
  patterns: [
    {
      regex: "(^|/)store/db$",
      importNames: ["getAppDb"],
      message: "Only src/ui/app opens the app's database: views read it with useAppDb() from src/ui/lib/app-db.tsx.",
    },
  ],
};

const layerZones = [
  {
    target: "src/core",
    from: ["src/store", "src/session", "src/ui", "src/cli", "src/sandbox"],
    message: "src/core is the pure base: it imports nothing of the other layers.",
  },
  {
    target: "src/store",
    from: ["src/session", "src/ui", "src/cli", "src/sandbox"],
    message: "src/store imports only src/core.",
  },
  {
    target: "src/session",
    from: ["src/ui", "src/cli", "src/sandbox"],
    message: "src/session (the run controller) imports only src/core and src/store.",
  },
  {
    target: "src/cli",
    from: ["src/store", "src/session", "src/ui"],
    message: "The CLI runs in Node: it imports src/core and the sandbox server, never the browser's store or UI.",
  },
  {
    target: "src/sandbox",
    from: ["src/store", "src/session", "src/ui", "src/cli"],
    message: "The sandbox server imports only src/core.",
  },
  {
    target: "src/ui",
    from: ["src/cli", "src/sandbox"],
    message: "The browser app imports no Node-only code (the CLI, the sandbox server).",
  },
  {
    target: ["src/ui/components", "src/ui/lib"],
    from: ["src/ui/features", "src/ui/app"],
    message: "Shared views and helpers depend on no feature and not on the app shell.",
  },
];

const noFrameworkImports = {
  patterns: [
    { group: ["react", "react/*", "react-dom", "react-dom/*", "dexie-react-hooks", "recharts", "@tanstack/*"], message: "No UI framework here." },
  ],
};

const noNodeOrFrameworkImports = {
  patterns: [
    ...noFrameworkImports.patterns,
    { group: ["node:*", "fs", "fs/*", "path", "http", "https", "net", "os", "child_process", "crypto", "events", "stream", "url", "util", "worker_threads"], message: "No Node-only modules: this code also runs in the browser." },
    { group: ["dexie"], message: "Storage lives in src/store." },
  ],
};

export default defineConfig(
  { ignores: ["dist/", "node_modules/", "artillery/node_modules/", "test-artifacts/", "out/", "bench/results/", "coverage/"] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    settings: {
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".json"] })],
      // The files import-x reads to follow imports (import-x/no-cycle): without .ts it reads none of ours.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: root, zones: [...layerZones, ...featureZones] }],
      // The zones above only see imports the resolver finds; an unresolved relative import would slip past.
      "import-x/no-unresolved": ["error", { ignore: ["^[^.]"] }],
      // A `let` read by a callback before its one assignment cannot be a const.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
      // Control characters in patterns are deliberate here: terminal-safe output strips them.
      "no-control-regex": "off",
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // The runner rethrows a stored failure as it came (`unknown`, narrowed to `never` by the rule's eyes).
      "@typescript-eslint/only-throw-error": "off",
      // Objects here are built from closures, not classes, so a method passed along (to
      // useSyncExternalStore, to .then) never loses a `this`; the rule only sees the method syntax.
      "@typescript-eslint/unbound-method": "off",
      // Style, not safety: an async function without await still returns the promise callers expect,
      // and a redundant assertion changes nothing that the compiler checks.
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/no-unnecessary-type-assertion": "off",
    },
  },
  {
    files: ["src/core/**"],
    rules: {
      "no-restricted-imports": ["error", noNodeOrFrameworkImports],
      // Core runs in the browser and in Node alike, so it reaches for no page globals either.
      "no-restricted-globals": ["error", "window", "document", "localStorage", "sessionStorage", "indexedDB", "navigator"],
    },
  },
  {
    // No import cycle in src/ (docs/architecture.md): src/core's rooms import one way, and types that
    // several rooms need sit in leaf modules. Type-only imports are left out (the rule skips them).
    files: ["src/**"],
    // Packages are not followed: a cycle through node_modules cannot come back to src/.
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // A function that does a module's work is split into named stages (docs/architecture.md): none in
    // src/ over 80 lines, blank lines and comments counted, React components included. A declarative
    // table (one entry per metric) may say so with a disable comment naming why.
    files: ["src/**"],
    rules: { "max-lines-per-function": ["error", { max: 80, IIFEs: true }] },
  },
  { files: ["src/session/**", "src/store/**"], rules: { "no-restricted-imports": ["error", noFrameworkImports] } },
  { files: ["src/ui/**"], ignores: ["src/ui/app/**"], rules: { "no-restricted-imports": ["error", appDbFromTheShellOnly] } },
  {
    // Tests and benchmarks read JSON and drive browsers through loosely typed APIs; the promise rules
    // (floating, misused, awaited non-promises) still hold there.
    files: ["tests/**", "bench/**"],
    rules: {
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/prefer-promise-reject-errors": "off",
      "@typescript-eslint/no-base-to-string": "off",
    },
  },
  { files: ["**/*.{js,mjs}"], extends: [tseslint.configs.disableTypeChecked] },
);
