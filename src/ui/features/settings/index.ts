// What the app shell composes from the settings (the Settings page itself loads on demand, by path): a
// `?sandbox=` link taken from the address at start-up, and the notice that asks before it is used. The
// settings themselves are read through src/ui/lib/settings-storage.ts and src/ui/lib/sandbox-url.ts.
export { takeSandboxLinkFromAddress } from "./sandbox-link";
export { SandboxLinkNotice } from "./sandbox-link-notice";
