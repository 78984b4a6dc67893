import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core';
import { createTool } from '@mastra/core/tools';
import { InMemoryStore } from '@mastra/core/storage';
import { z } from 'zod';
import { scripted, drain } from './mock_pause.mjs';

const m = scripted([{ calls: [{ name: 'getLocation', args: '{"precise":true}' }] }, { text: 'You are in Paris.' }]);
const agent = new Agent({ id: 'geo', name: 'geo', instructions: 'You locate.', model: m.model, tools: {} });
const mastra = new Mastra({ agents: { geo: agent }, storage: new InMemoryStore(), logger: false });
const a = mastra.getAgent('geo');
const clientTools = { getLocation: createTool({ id: 'getLocation', description: 'The user\'s location, from the browser.', inputSchema: z.object({ precise: z.boolean() }), outputSchema: z.object({ city: z.string() }) }) };
const s1 = await a.stream('where am I?', { clientTools });
const t1 = await drain(s1, 'first ');
console.log('first types', t1.join(','));
console.log('first finishReason', await s1.finishReason, 'steps', (await s1.steps).length, 'tools offered', JSON.stringify(m.prompts.length));
const msgs = (await s1.response).messages ?? [];
console.log('response messages', JSON.stringify(msgs).slice(0, 600));
// client-js: run the tool, then call stream again with the conversation and a tool result
const history = [{ role: 'user', content: 'where am I?' }, ...msgs, { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'getLocation', output: { type: 'json', value: { city: 'Paris' } } }] }];
const s2 = await a.stream(history, { clientTools });
const t2 = await drain(s2, 'second');
console.log('second types', t2.join(','));
console.log('second finishReason', await s2.finishReason, 'steps', (await s2.steps).length, 'text', JSON.stringify(await s2.text));
const last = m.prompts[m.prompts.length - 1];
console.log('model got', JSON.stringify(last.filter(x => x.role === 'tool')));
