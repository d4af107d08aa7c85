// What other features may use of the settings: the saved token and sandbox address, read-only.
export { hasHfToken, readHfToken, subscribeToSettings } from "./settings-storage";
export { resolveSandboxUrl } from "./sandbox-url";
