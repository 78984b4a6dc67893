// stream.mjs prints the UI message stream that Mastra's toAISdkStream
// (@mastra/ai-sdk 1.10.4 over @mastra/core 1.71.0) writes for the
// scenarios of ../../mastra_test.go, one JSON chunk per line, on a
// scripted model (ai/test's MockLanguageModelV3). See README.md.
//
//   node stream.mjs <plain|tool|toolerror|approval|data|reasoning|subagent>
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { toAISdkStream } from '@mastra/ai-sdk';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } };
const finish = (reason) => ({ type: 'finish', finishReason: { unified: reason, raw: reason }, usage });
const text = (id, s) => [{ type: 'text-start', id }, { type: 'text-delta', id, delta: s }, { type: 'text-end', id }];
const call = (id, name, input) => [
  { type: 'tool-input-start', id, toolName: name },
  { type: 'tool-input-delta', id, delta: JSON.stringify(input) },
  { type: 'tool-input-end', id },
  { type: 'tool-call', toolCallId: id, toolName: name, input: JSON.stringify(input) },
];

// scripted plays one list of stream parts per model call.
function scripted(name, turns) {
  let i = 0;
  return new MockLanguageModelV3({
    provider: 'mock',
    modelId: name,
    doStream: async () => {
      const parts = turns[Math.min(i++, turns.length - 1)];
      return {
        stream: new ReadableStream({
          start(c) {
            c.enqueue({ type: 'stream-start', warnings: [] });
            for (const p of parts) c.enqueue(p);
            c.close();
          },
        }),
      };
    },
  });
}

const weather = createTool({
  id: 'weather', description: 'Weather at a place.', inputSchema: z.object({ location: z.string() }),
  execute: async (input) => ({ location: input.location, tempC: 21.5 }),
});
const boom = createTool({
  id: 'boom', description: 'Fails.', inputSchema: z.object({ x: z.number() }),
  execute: async () => { throw new Error('kaboom'); },
});
const del = createTool({
  id: 'delete', description: 'Delete a file.', inputSchema: z.object({ path: z.string() }), requireApproval: true,
  execute: async (input) => ({ deleted: input.path }),
});
const emit = createTool({
  id: 'emit', description: 'Emits.', inputSchema: z.object({}),
  execute: async (_input, ctx) => {
    await ctx.writer.custom({ type: 'data-weather', data: { pct: 50 }, id: 'w1' });
    return { ok: true };
  },
});

function agent(id, tools, turns, extra = {}) {
  const a = new Agent({ id, name: id, instructions: 'You help.', tools, model: scripted(id, turns), ...extra });
  new Mastra({ agents: { [id]: a }, storage: new InMemoryStore(), logger: false });
  return a;
}

async function print(out, opts = {}) {
  for await (const c of toAISdkStream(out, { from: 'agent', ...opts })) console.log(JSON.stringify(c));
}

switch (process.argv[2]) {
  case 'plain':
    await print(await agent('plain', {}, [[...text('t1', 'Hello world'), finish('stop')]]).stream('hi'));
    break;
  case 'tool':
    await print(await agent('tool', { weather }, [
      [...call('call_w', 'weather', { location: 'Paris' }), finish('tool-calls')],
      [...text('t2', 'It is 21.5C'), finish('stop')],
    ]).stream('weather?'));
    break;
  case 'toolerror':
    await print(await agent('toolerror', { boom }, [
      [...call('call_b', 'boom', { x: 1 }), finish('tool-calls')],
      [...text('t3', 'Sorry'), finish('stop')],
    ]).stream('go'));
    break;
  case 'approval': {
    const a = agent('approval', { delete: del }, [
      [...call('call_d', 'delete', { path: '/tmp/x' }), finish('tool-calls')],
      [...text('t5', 'Deleted'), finish('stop')],
    ]);
    const out = await a.stream('delete');
    await print(out);
    console.log('===== approveToolCall');
    await print(await a.approveToolCall({ runId: out.runId, toolCallId: 'call_d' }));
    break;
  }
  case 'data':
    await print(await agent('data', { emit }, [
      [...call('call_e', 'emit', {}), finish('tool-calls')],
      [...text('t6', 'Done'), finish('stop')],
    ]).stream('go'));
    break;
  case 'reasoning':
    await print(await agent('reasoning', {}, [[
      { type: 'reasoning-start', id: 'r1' }, { type: 'reasoning-delta', id: 'r1', delta: 'Let me look.' }, { type: 'reasoning-end', id: 'r1' },
      ...text('t7', 'Answer'), finish('stop'),
    ]]).stream('think'), { sendReasoning: true });
    break;
  case 'subagent': {
    const helper = new Agent({ id: 'helper', name: 'helper', description: 'Finds the weather.', instructions: 'x', tools: { weather },
      model: scripted('helper', [[...call('call_1', 'weather', { location: 'Rome' }), finish('tool-calls')], [...text('th', 'Rome is 21.5C.'), finish('stop')]]) });
    const a = agent('main', {}, [
      [...call('call_h', 'agent-helper', { prompt: 'Weather in Rome?' }), finish('tool-calls')],
      [...text('ta', 'Rome is mild.'), finish('stop')],
    ], { agents: { helper } });
    await print(await a.stream('go'), { includeSubAgentMetadata: true });
    break;
  }
  default:
    console.error('usage: node stream.mjs <plain|tool|toolerror|approval|data|reasoning|subagent>');
    process.exit(2);
}
