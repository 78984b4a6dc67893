import { Agent } from "@mastra/core/agent";
import { createTool } from "@mastra/core/tools";
import { z } from "zod";
import { mockModel } from "./mock.mjs";

const log = [];
const weather = createTool({
  id: "weather-tool",
  description: "Weather.",
  inputSchema: z.object({ location: z.string() }),
  outputSchema: z.object({ tempC: z.number() }),
  onInputStart: (o) => log.push(["onInputStart", { toolCallId: o.toolCallId, roles: o.messages.map((m) => m.role), abort: !!o.abortSignal }]),
  onInputDelta: (o) => log.push(["onInputDelta", { toolCallId: o.toolCallId, inputTextDelta: o.inputTextDelta, nmsg: o.messages?.length }]),
  onInputAvailable: (o) => log.push(["onInputAvailable", { toolCallId: o.toolCallId, input: o.input, nmsg: o.messages?.length }]),
  onOutput: (o) => log.push(["onOutput", { toolCallId: o.toolCallId, toolName: o.toolName, output: o.output, keys: Object.keys(o) }]),
  execute: async (input) => { log.push(["execute", input]); return { tempC: 21 }; },
});
const bad = createTool({
  id: "bad-tool",
  description: "Bad.",
  inputSchema: z.object({ n: z.number() }),
  outputSchema: z.object({ tempC: z.number() }),
  onInputAvailable: (o) => { log.push(["bad.onInputAvailable", { input: o.input }]); throw new Error("hook boom"); },
  onOutput: (o) => log.push(["bad.onOutput", { output: o.output }]),
  execute: async (input) => { log.push(["bad.execute", input]); return { tempC: "hot" }; },
});

const model = mockModel([
  { text: "checking", calls: [
    { id: "c1", name: "weatherTool", args: '{"location":"Paris"}', chunks: ['{"loc', 'ation":', '"Paris"}'] },
    { id: "c2", name: "badTool", args: '{"n":"x"}' },
    { id: "c3", name: "badTool", args: '{"n":1}' },
  ] },
  { calls: [{ id: "c4", name: "weatherTool", args: '{"location":"Rome"}' }] },
  { text: "done" },
]);
const agent = new Agent({ id: "a", name: "a", instructions: "Be brief.", model, tools: { weatherTool: weather, badTool: bad } });
const abort = new AbortController();
const mode = process.argv[2] ?? "stream";
if (mode === "stream") {
  const res = await agent.stream("weather in Paris?", { abortSignal: abort.signal });
  for await (const ch of res.fullStream) {
    if (["tool-call-input-streaming-start", "tool-call-delta", "tool-call", "tool-result", "tool-error"].includes(ch.type)) log.push(["chunk:" + ch.type, ch.payload.toolCallId]);
  }
} else {
  await agent.generate("weather in Paris?", { abortSignal: abort.signal });
}
for (const l of log) console.log(JSON.stringify(l));
console.log("--- second prompt tool results:");
console.log(JSON.stringify(model.prompts[1].filter((m) => m.role === "tool").flatMap((m) => m.content).map((c) => c.output)));
