// What other features may use of the settings: the saved token, endpoint keys and sandbox address, read-only.
export { hasHfToken, readEndpointKeys, readHfToken, subscribeToSettings } from "./settings-storage";
export { resolveSandboxUrl } from "./sandbox-url";
