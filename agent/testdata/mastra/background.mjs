// A background tool beside @mastra/core (agent/conformance_background_test.go
// runs it): the model calls research, a background tool, then answers; the
// task settles after the run has ended; a second run of the same thread
// shows how the model is told of the result. Prints one JSON object.
//
//   node background.mjs [deferred|awaited|foreground]
//
// Without an argument the call has no "_background" field (the default).
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core';
import { createTool } from '@mastra/core/tools';
import { InMemoryStore } from '@mastra/core/storage';
import { MockMemory } from '@mastra/core/memory';
import { z } from 'zod';
import { scripted } from './mock_pause.mjs';

const disposition = process.argv[2];
let release;
const gate = new Promise((r) => { release = r; });
const research = createTool({
  id: 'research', description: 'Researches a topic.',
  inputSchema: z.object({ topic: z.string() }),
  background: { enabled: true },
  execute: async ({ topic }) => {
    // A deferred task settles only once the first run has ended.
    if (disposition !== 'awaited' && disposition !== 'foreground') await gate;
    return `notes on ${topic}`;
  },
});
const args = disposition ? JSON.stringify({ topic: 'go', _background: { disposition } }) : '{"topic":"go"}';
const m = scripted([
  { calls: [{ name: 'research', args }] },
  { text: 'Started.' },
  { text: 'Here are the notes.' },
]);
const tools = [];
const doStream = m.model.doStream.bind(m.model);
m.model.doStream = (opts) => { tools.push(opts.tools); return doStream(opts); };
const storage = new InMemoryStore();
const agent = new Agent({ id: 'bg', name: 'bg', instructions: 'You research.', model: m.model, tools: { research }, memory: new MockMemory({ storage }) });
const mastra = new Mastra({ agents: { bg: agent }, storage, logger: false, backgroundTasks: { enabled: true } });
const a = mastra.getAgent('bg');
const memory = { thread: 'th1', resource: 'u1' };

// The chunks that Go's events correspond to.
const kept = new Set(['tool-call', 'background-task-started', 'tool-result', 'tool-error', 'finish']);
async function run(prompt) {
  const before = m.prompts.length;
  const s = await a.stream(prompt, { memory });
  const events = [], results = [];
  for await (const ch of s.fullStream) {
    if (!kept.has(ch.type)) continue;
    events.push(ch.type);
    if (ch.type === 'tool-result') results.push(ch.payload.result);
  }
  return { events, results, requests: m.prompts.length - before, finishReason: await s.finishReason };
}
// The tool results the model read in a request, by call id.
const toolResults = (prompt) => prompt.filter((x) => x.role === 'tool').flatMap((x) => x.content)
  .map((c) => ({ toolCallId: c.toolCallId, type: c.output.type, value: c.output.value }));

const out = {};
out.run1 = await run('research go');
out.system = m.prompts[0].find((x) => x.role === 'system').content;
out.inputSchema = tools[0][0].inputSchema;
out.request2 = toolResults(m.prompts[1]);
release();
await new Promise((r) => setTimeout(r, 300));
out.run2 = await run('and?');
out.run2Request = toolResults(m.prompts[m.prompts.length - 1]);
console.log(JSON.stringify(out, null, 1));
process.exit(0);
