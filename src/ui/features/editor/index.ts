// What other features may use of the editor: opening any scenario JSON (a share link, an import) as an
// unsaved draft, at `#/edit?draft=<id>`. A saved or bundled scenario opens at routes.edit(scenarioKey).
export { openDraftInEditor, createDraft } from "./drafts";
