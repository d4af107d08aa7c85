// A `?sandbox=<url>` link proposes where sandbox requests (and the prompts in them) go. It is a proposal,
// never a silent change: the address is taken off the page, and Settings change only when the user accepts
// it in the notice (sandbox-link-notice.tsx). A link that names the sandbox already in use asks nothing.
import { normalizeHttpUrl } from "../../../core/endpoints/http-url";
import { resolveSandboxUrl } from "../../lib/sandbox-url";
import { saveSandboxUrl } from "../../lib/settings-storage";

export interface SandboxLinkProposal {
  /** The link's address, normalised. */
  proposedUrl: string;
  /** Where sandbox requests go today. */
  currentUrl: string;
}

let proposal: SandboxLinkProposal | null = null;
const listeners = new Set<() => void>();

function setProposal(next: SandboxLinkProposal | null): void {
  proposal = next;
  for (const listener of listeners) listener();
}

export function subscribeToSandboxLink(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function pendingSandboxLink(): SandboxLinkProposal | null {
  return proposal;
}

/**
 * Takes `?sandbox=` off the page address (so a reload or a bookmark does not ask again) and holds it as
 * a proposal. Anything but a plain http(s) address is dropped: it could not be a sandbox.
 */
export function takeSandboxLinkFromAddress(location: Location, history: History): void {
  const params = new URLSearchParams(location.search);
  const fromAddress = params.get("sandbox");
  if (fromAddress === null) return;
  params.delete("sandbox");
  const search = params.toString();
  history.replaceState(history.state, "", `${location.pathname}${search ? `?${search}` : ""}${location.hash}`);
  const checked = normalizeHttpUrl(fromAddress);
  if (!checked.ok) return;
  const proposedUrl = withoutTrailingSlash(checked.url);
  const currentUrl = resolveSandboxUrl();
  if (proposedUrl === comparable(currentUrl)) return;
  setProposal({ proposedUrl, currentUrl });
}

export function acceptSandboxLink(): void {
  if (proposal) saveSandboxUrl(proposal.proposedUrl);
  setProposal(null);
}

export function ignoreSandboxLink(): void {
  setProposal(null);
}

function comparable(url: string): string {
  const checked = normalizeHttpUrl(url);
  return withoutTrailingSlash(checked.ok ? checked.url : url);
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, "");
}
