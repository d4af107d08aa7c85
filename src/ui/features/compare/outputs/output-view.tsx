// One record's output, drawn the way its task's output kind needs (core/outputs/output-kind.ts).
import { outputKindOf, readAnswer, readBlobRef, readBoxes, readEntities, readLabels, readOutputText, readSegments, readSimilarities, readVector } from "../../../../core/outputs";
import type { RequestRecord } from "../../../../core/record";
import { AnswerOutput } from "./answer-output";
import { AudioOutput } from "./audio-output";
import { BoxesOutput } from "./boxes-output";
import { EntitiesOutput } from "./entities-output";
import { ImageOutput } from "./image-output";
import type { InputView } from "./input-view";
import { LabelsOutput } from "./labels-output";
import { MasksOutput } from "./masks-output";
import { TextOutput } from "./text-output";
import { VectorOutputView } from "./vector-output";

/**
 * The renderer of the task's kind; when the parsed output is not that kind's shape (a provider's odd
 * answer, a record from before outputs were parsed), the output text, so nothing measured is hidden.
 */
export function OutputView(props: { task: string; record: RequestRecord; input: InputView; targetLabel: string }) {
  const { task, record, input } = props;
  // Absent in records written before outputs were parsed: those show their text.
  const value = record.outputValue ?? null;
  const fallback = <TextOutput text={record.output} />;
  switch (outputKindOf(task)) {
    case "text":
      // The parsed value's text when there is one: the record's own text may be cut to the kept length.
      return <TextOutput text={readOutputText(value) ?? record.output} />;
    case "labels": {
      const labels = readLabels(value);
      return labels === null ? fallback : <LabelsOutput labels={labels} />;
    }
    case "similarities": {
      const scores = readSimilarities(value);
      if (scores === null) return fallback;
      const ranking = task === "text-ranking";
      const labels = scores.map((score, index) => ({ label: input.sentences?.[index] ?? `${ranking ? "document" : "sentence"} ${index + 1}`, score }));
      return <LabelsOutput labels={labels} caption={ranking ? "Relevance of each document to the query" : "Similarity to each sentence"} />;
    }
    case "entities": {
      const entities = readEntities(value);
      return entities === null ? fallback : <EntitiesOutput entities={entities} inputText={input.text} />;
    }
    case "answer": {
      const answer = readAnswer(value);
      return answer === null ? fallback : <AnswerOutput answer={answer} context={input.context} />;
    }
    case "vector": {
      const vector = readVector(value);
      return vector === null ? fallback : <VectorOutputView vector={vector} />;
    }
    case "boxes": {
      const boxes = readBoxes(value);
      return boxes === null ? fallback : <BoxesOutput boxes={boxes} image={input.image} />;
    }
    case "masks": {
      const segments = readSegments(value);
      return segments === null ? fallback : <MasksOutput segments={segments} image={input.image} />;
    }
    case "image": {
      const reference = readBlobRef(value);
      return reference === null ? fallback : <ImageOutput reference={reference} />;
    }
    case "audio": {
      const reference = readBlobRef(value);
      return reference === null ? fallback : <AudioOutput reference={reference} label={`Speech from ${props.targetLabel}`} />;
    }
  }
}
