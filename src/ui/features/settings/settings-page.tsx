import { TokenSettings } from "./token-settings";
import { SandboxSettings } from "./sandbox-settings";
import { EndpointKeySettings } from "./endpoint-key-settings";

export function SettingsPage() {
  return (
    <div className="page page-narrow">
      <h1>Settings</h1>
      <p className="lead">Kept in this browser only (localStorage). Nothing here is sent anywhere except as described.</p>
      <TokenSettings />
      <EndpointKeySettings />
      <SandboxSettings />
    </div>
  );
}
