// What a supervisor's model receives from agent-<key> and workflow-<key>
// tools in @mastra/core 1.71.0, and how per-call instructions, system and
// toolsets reach the model.
import { Agent } from "@mastra/core/agent";
import { createTool } from "@mastra/core/tools";
import { createWorkflow, createStep } from "@mastra/core/workflows";
import { z } from "zod";
import { mockModel } from "./mock.mjs";

const step = createStep({
  id: "upper", inputSchema: z.object({ topic: z.string() }), outputSchema: z.object({ summary: z.string() }),
  execute: async ({ inputData }) => ({ summary: inputData.topic.toUpperCase() }),
});
const wf = createWorkflow({ id: "research-workflow", description: "Researches.", inputSchema: z.object({ topic: z.string() }), outputSchema: z.object({ summary: z.string() }) }).then(step).commit();

const writerModel = mockModel([{ text: "A sunny poem." }]);
const writer = new Agent({ id: "writer-agent", name: "writer", description: "Writes poems.", instructions: "Write poems.", model: writerModel });
const supModel = mockModel([
  { calls: [
    { id: "c1", name: "agent-writer", args: '{"prompt":"a poem","instructions":"Rhyme."}' },
    { id: "c2", name: "workflow-research", args: '{"inputData":{"topic":"go"}}' },
  ] },
  { text: "done" },
]);
const sup = new Agent({ id: "supervisor", name: "supervisor", instructions: "Delegate.", model: supModel, agents: { writer }, workflows: { research: wf } });
const mode = process.argv[2] ?? "generate";
const res = mode === "stream" ? await sup.stream("go") : await sup.generate("go");
if (mode === "stream") { for await (const _ of res.fullStream); }
console.log("== tools given to the supervisor's model");
// (tools are passed in options.tools of doGenerate; not recorded by the mock)
console.log("== the supervisor's second prompt, tool messages:");
console.log(JSON.stringify(supModel.prompts[1].filter((m) => m.role === "tool"), null, 1));
console.log("== the writer's prompt:");
console.log(JSON.stringify(writerModel.prompts[0], null, 1));
const tr = mode === "stream" ? await res.toolResults : res.toolResults;
console.log("== application's tool results:");
console.log(JSON.stringify(tr.map((t) => t.payload?.result ?? t.result), null, 1));
