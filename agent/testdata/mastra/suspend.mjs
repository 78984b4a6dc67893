import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core';
import { createTool } from '@mastra/core/tools';
import { InMemoryStore } from '@mastra/core/storage';
import { z } from 'zod';
import { scripted, drain } from './mock_pause.mjs';

let runs = 0;
const confirm = createTool({ id: 'confirm', description: 'Books after confirmation.', inputSchema: z.object({ what: z.string() }),
  suspendSchema: z.object({ question: z.string() }), resumeSchema: z.object({ ok: z.boolean() }),
  execute: async (input, ctx) => {
    runs++;
    const { resumeData, suspend } = ctx?.agent ?? ctx;
    console.log('execute run', runs, 'resumeData', JSON.stringify(resumeData), 'suspendPayload', JSON.stringify((ctx?.agent ?? ctx).suspendPayload));
    if (!resumeData) { return await suspend({ question: `Book ${input.what}?` }); }
    return { booked: resumeData.ok };
  } });
const m = scripted([{ calls: [{ name: 'confirm', args: '{"what":"a table"}' }] }, { text: 'Booked.' }]);
const agent = new Agent({ id: 'booker', name: 'booker', instructions: 'You book.', model: m.model, tools: { confirm } });
const mastra = new Mastra({ agents: { booker: agent }, storage: new InMemoryStore(), logger: false });
const a = mastra.getAgent('booker');
const s1 = await a.stream('book a table');
const t1 = await drain(s1, 'first ');
console.log('first types', t1.join(','));
console.log('first finishReason', await s1.finishReason, 'steps', (await s1.steps).length);
const bad = process.argv[2] === 'bad';
try {
const s2 = await a.resumeStream(bad ? { ok: 'yes' } : { ok: true }, { runId: s1.runId, toolCallId: 'call_1' });
const t2 = await drain(s2, 'resume');
console.log('resume types', t2.join(','));
console.log('resume finishReason', await s2.finishReason, 'steps', (await s2.steps).length, 'text', JSON.stringify(await s2.text), 'runs', runs, 'error', String((await s2.error) ?? ''));
} catch (e) { console.log('resume threw', e.message); }
const last = m.prompts[m.prompts.length - 1];
console.log('model got', JSON.stringify(last.filter(x => x.role === 'tool')));
