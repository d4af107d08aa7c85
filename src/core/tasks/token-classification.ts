// token-classification: entities found in a text, with their spans (client.tokenClassification).
import { describeValue, textInputSchema, taskArgs, valueResult } from "./task-io";
import type { TaskDefinition } from "./task-definition";

const ENTITIES_IN_SUMMARY = 3;

export const tokenClassificationTask: TaskDefinition<string> = {
  id: "token-classification",
  libraryTask: "token-classification",
  input: textInputSchema("token-classification"),
  acceptsText: true,
  streams: false,
  textOutput: false,
  figures: [],
  endpointRoute: "/token-classification",
  describeInput: describeValue,
  toValue: (input) => input as string,
  call: async (text, context) => {
    const entities = await context.client.tokenClassification(taskArgs("tokenClassification", text, context), context.options);
    const named = entities.slice(0, ENTITIES_IN_SUMMARY).map((entity) => `${entity.entity_group ?? entity.entity ?? "?"} ${entity.word ?? ""}`.trim());
    const more = entities.length > ENTITIES_IN_SUMMARY ? ", …" : "";
    const count = entities.length === 1 ? "1 entity" : `${entities.length} entities`;
    return valueResult(entities, entities.length === 0 ? "no entity" : `${count}: ${named.join(", ")}${more}`);
  },
};
