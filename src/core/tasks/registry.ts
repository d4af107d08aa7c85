// The task registry: every task ProviderBench runs, one definition per file of this folder. The list of
// task ids is SUPPORTED_TASKS (task-ids.ts); a task in that list without a definition here does not compile.
import type { Task } from "./task-ids";
import { audioClassificationTask } from "./audio-classification";
import { automaticSpeechRecognitionTask } from "./automatic-speech-recognition";
import { chatCompletionTask } from "./chat-completion";
import { documentQuestionAnsweringTask } from "./document-question-answering";
import { featureExtractionTask } from "./feature-extraction";
import { fillMaskTask } from "./fill-mask";
import { imageClassificationTask } from "./image-classification";
import { imageSegmentationTask } from "./image-segmentation";
import { imageTextToTextTask } from "./image-text-to-text";
import { imageToImageTask } from "./image-to-image";
import { imageToTextTask } from "./image-to-text";
import { objectDetectionTask } from "./object-detection";
import { questionAnsweringTask } from "./question-answering";
import { sentenceSimilarityTask } from "./sentence-similarity";
import { summarizationTask } from "./summarization";
import { tableQuestionAnsweringTask } from "./table-question-answering";
import type { TaskDefinition } from "./task-definition";
import { textClassificationTask } from "./text-classification";
import { textGenerationTask } from "./text-generation";
import { textRankingTask } from "./text-ranking";
import { textToImageTask } from "./text-to-image";
import { textToSpeechTask } from "./text-to-speech";
import { tokenClassificationTask } from "./token-classification";
import { translationTask } from "./translation";
import { visualQuestionAnsweringTask } from "./visual-question-answering";
import { zeroShotClassificationTask } from "./zero-shot-classification";
import { zeroShotImageClassificationTask } from "./zero-shot-image-classification";

// Each definition is typed by its own input; the registry hands each its own inputs back (runner), so
// the entries are stored without their input type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTaskDefinition = TaskDefinition<any>;

const TASK_DEFINITIONS = {
  "chat-completion": chatCompletionTask,
  "text-generation": textGenerationTask,
  "feature-extraction": featureExtractionTask,
  "sentence-similarity": sentenceSimilarityTask,
  "text-classification": textClassificationTask,
  "token-classification": tokenClassificationTask,
  "zero-shot-classification": zeroShotClassificationTask,
  "question-answering": questionAnsweringTask,
  "table-question-answering": tableQuestionAnsweringTask,
  "fill-mask": fillMaskTask,
  summarization: summarizationTask,
  translation: translationTask,
  "text-to-image": textToImageTask,
  "image-to-image": imageToImageTask,
  "image-classification": imageClassificationTask,
  "zero-shot-image-classification": zeroShotImageClassificationTask,
  "object-detection": objectDetectionTask,
  "image-segmentation": imageSegmentationTask,
  "image-to-text": imageToTextTask,
  "image-text-to-text": imageTextToTextTask,
  "visual-question-answering": visualQuestionAnsweringTask,
  "document-question-answering": documentQuestionAnsweringTask,
  "automatic-speech-recognition": automaticSpeechRecognitionTask,
  "text-to-speech": textToSpeechTask,
  "text-ranking": textRankingTask,
  "audio-classification": audioClassificationTask,
} satisfies Record<Task, AnyTaskDefinition>;

/** The definition of a runnable task. */
export function taskDefinition(task: Task): AnyTaskDefinition {
  return TASK_DEFINITIONS[task];
}

/** The definition of a task id read from a file, or undefined for one ProviderBench does not run. */
export function findTaskDefinition(task: string): AnyTaskDefinition | undefined {
  return Object.hasOwn(TASK_DEFINITIONS, task) ? TASK_DEFINITIONS[task as Task] : undefined;
}

/** Tasks whose output is text a check can read and whose tokens are counted (an embedding is a vector). */
export const CHECKABLE_TASKS: readonly string[] = Object.values(TASK_DEFINITIONS)
  .filter((definition) => definition.textOutput)
  .map((definition) => definition.id);
