// What every part of the editor form shares: the draft (plain JSON), a way to change one field of it, and
// the validation errors by path.
import { createContext, useContext } from "react";
import type { ScenarioError } from "../../../core/scenario";
import { pathKey, type DraftValue, type FieldPath } from "./draft-paths";

export interface EditorContextValue {
  draft: DraftValue;
  /** Sets (or, with undefined, removes) one field; the JSON view follows. */
  update(path: FieldPath, value: unknown): void;
  errors: readonly ScenarioError[];
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const editor = useContext(EditorContext);
  if (editor === null) throw new Error("useEditor needs an EditorContext provider");
  return editor;
}

/** The errors about exactly this field, or (nested) about it and anything inside it. */
export function errorsAt(errors: readonly ScenarioError[], path: FieldPath, nested = false): ScenarioError[] {
  const key = pathKey(path);
  return errors.filter((error) => error.path === key || (nested && (error.path.startsWith(`${key}.`) || error.path.startsWith(`${key}[`))));
}

export function useFieldErrors(path: FieldPath, nested = false): ScenarioError[] {
  return errorsAt(useEditor().errors, path, nested);
}
