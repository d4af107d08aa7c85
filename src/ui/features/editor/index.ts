// What the app shell composes from the editor (the pages themselves load on demand, by path): the editor
// page and its drafts, for the editor's route, and opening any scenario JSON (a share link, an import)
// as an unsaved draft at `#/edit?draft=<id>`. A saved or bundled scenario opens at routes.edit(scenarioKey).
export { EditorPage } from "./editor-page";
export { openDraftInEditor, readDraft } from "./drafts";
export { isPlainObject, type DraftValue } from "./draft-paths";
