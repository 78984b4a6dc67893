import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core';
import { createTool } from '@mastra/core/tools';
import { InMemoryStore } from '@mastra/core/storage';
import { z } from 'zod';
import { scripted, drain } from './mock_pause.mjs';

const decline = process.argv[2] === 'decline';
let ran = 0;
const transfer = createTool({ id: 'transfer', description: 'Sends money.', inputSchema: z.object({ to: z.string(), amount: z.number() }),
  requireApproval: true, execute: async (input) => { ran++; return 'sent'; } });
const m = scripted([{ calls: [{ name: 'transfer', args: '{"to":"bob","amount":500}' }] }, { text: decline ? 'Not sent.' : 'Sent 500 to bob.' }]);
const agent = new Agent({ id: 'bank', name: 'bank', instructions: 'You pay.', model: m.model, tools: { transfer } });
const mastra = new Mastra({ agents: { bank: agent }, storage: new InMemoryStore(), logger: false });
const a = mastra.getAgent('bank');
const s1 = await a.stream('pay bob');
const t1 = await drain(s1, 'first ');
console.log('first types', t1.join(','));
console.log('first finishReason', await s1.finishReason, 'steps', (await s1.steps).length, 'runId', s1.runId);
const s2 = decline ? await a.declineToolCall({ runId: s1.runId, toolCallId: 'call_1', reason: process.argv[3] }) : await a.approveToolCall({ runId: s1.runId, toolCallId: 'call_1' });
const t2 = await drain(s2, 'resume');
console.log('resume types', t2.join(','));
console.log('resume finishReason', await s2.finishReason, 'steps', (await s2.steps).length, 'text', JSON.stringify(await s2.text), 'ran', ran);
const last = m.prompts[m.prompts.length - 1];
console.log('model got', JSON.stringify(last.filter(x => x.role === 'tool')));
