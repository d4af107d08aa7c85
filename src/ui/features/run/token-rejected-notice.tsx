import { Notice } from "../../components/ui/notice";
import { routes } from "../../lib/hash-route";

export function TokenRejectedNotice() {
  return (
    <Notice tone="error" title="Hugging Face rejected the token">
      Providers answered 401 or 403: the token is wrong, expired, or lacks the “Make calls to Inference Providers”
      permission. <a href={routes.settings()}>Check it in Settings</a>.
    </Notice>
  );
}
