import { Notice } from "./ui/notice";

/** A read or write of this browser's database failed: said in place of what could not be shown or done. */
export function DatabaseErrorNotice({ action, message }: { action: string; message: string }) {
  return (
    <div data-testid="database-error">
      <Notice tone="error" title={`Could not ${action}`}>
        This browser&apos;s database answered: {message}
      </Notice>
    </div>
  );
}
