// Per-call instructions, system and toolsets in @mastra/core 1.71.0: what
// the model is sent.
import { Agent } from "@mastra/core/agent";
import { createTool } from "@mastra/core/tools";
import { z } from "zod";
import { mockModel } from "./mock.mjs";

const mk = (id, out) => createTool({ id, description: id + ".", inputSchema: z.object({}), execute: async () => out });
const show = (label, model) => {
  const p = model.prompts[0];
  console.log(label, JSON.stringify(p.filter((m) => m.role === "system").map((m) => m.content)));
};
const lastTools = [];
function model(turns) {
  const m = mockModel(turns);
  const gen = m.doGenerate.bind(m);
  m.doGenerate = async (o) => { lastTools.push((o.tools ?? []).map((t) => t.name)); return gen(o); };
  return m;
}
for (const [label, opts] of [
  ["none:", {}],
  ["instructions:", { instructions: "Per-call instructions." }],
  ["system:", { system: "Per-call system." }],
  ["both:", { instructions: "Per-call instructions.", system: "Per-call system." }],
  ["empty instructions:", { instructions: "" }],
]) {
  const m = model([{ text: "ok" }]);
  const a = new Agent({ id: "a", name: "a", instructions: "Agent instructions.", model: m });
  await a.generate("hi", opts);
  show(label, m);
}
// toolsets: extra tools, and a clash with an agent tool.
{
  const m = model([{ calls: [{ id: "c1", name: "shared", args: "{}" }] }, { text: "ok" }]);
  const a = new Agent({ id: "a", name: "a", instructions: "x", model: m, tools: { shared: mk("agent-shared", "from the agent") } });
  await a.generate("hi", { toolsets: { extra: { lookup: mk("lookup", "l"), shared: mk("toolset-shared", "from the toolset") } } });
  console.log("tools sent:", JSON.stringify(lastTools.at(-2)));
  const tr = m.prompts[1].filter((x) => x.role === "tool").flatMap((x) => x.content).map((c) => c.output);
  console.log("clash result:", JSON.stringify(tr));
}
