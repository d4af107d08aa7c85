// table-question-answering: a query answered from a table of columns (client.tableQuestionAnswering).
import { z } from "zod";
import { answerSummary } from "./question-answering";
import { describeValue, taskArgs, valueResult } from "./task-io";
import type { TaskDefinition } from "./task-definition";

export interface TableQuestionAnsweringInput {
  query: string;
  /** Column name → the column's cells, every column as long. */
  table: Record<string, string[]>;
}

export const tableQuestionAnsweringTask: TaskDefinition<TableQuestionAnsweringInput> = {
  id: "table-question-answering",
  libraryTask: "table-question-answering",
  input: z
    .strictObject({
      query: z.string({ error: "required" }).min(1, "required"),
      table: z.record(z.string(), z.array(z.string()), { error: "required: { column: [cells] }" }),
    })
    .superRefine((input, context) => {
      const lengths = new Set(Object.values(input.table).map((column) => column.length));
      if (Object.keys(input.table).length === 0) context.addIssue({ code: "custom", path: ["table"], message: "needs at least one column" });
      if (lengths.size > 1) context.addIssue({ code: "custom", path: ["table"], message: "every column needs as many cells" });
    }),
  acceptsText: false,
  streams: false,
  textOutput: false,
  figures: [],
  endpointRoute: "/table-question-answering",
  describeInput: (input) => describeValue((input as TableQuestionAnsweringInput).query),
  toValue: (input) => input as TableQuestionAnsweringInput,
  call: async (inputs, context) => {
    const answer = await context.client.tableQuestionAnswering(taskArgs("tableQuestionAnswering", inputs, context), context.options);
    return valueResult(answer, answerSummary(answer));
  },
};
