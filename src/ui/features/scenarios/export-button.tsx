import { useState } from "react";
import { describeError } from "../../../core/text/describe-error";
import type { Scenario } from "../../../core/scenario/types";
import { Notice } from "../../components/ui/notice";
import { downloadScenario } from "./scenario-export";

/** Downloads the scenario as a JSON file (the format the import and the CLI read). */
export function ExportButton({ scenario }: { scenario: Scenario }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const exportFile = (): void => {
    try {
      downloadScenario(scenario);
      setRefusal(null);
    } catch (error) {
      setRefusal(describeError(error));
    }
  };
  return (
    <>
      <button type="button" className="button" onClick={exportFile}>
        Export
      </button>
      {refusal ? (
        <Notice tone="error" title="Not exported">
          {refusal}
        </Notice>
      ) : null}
    </>
  );
}
