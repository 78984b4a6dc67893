import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core';
import { createTool } from '@mastra/core/tools';
import { InMemoryStore } from '@mastra/core/storage';
import { z } from 'zod';
import { scripted, drain } from './mock_pause.mjs';

const mode = process.argv[2] ?? 'approve';
let ran = 0;
const transfer = createTool({ id: 'transfer', description: 'Sends money.', inputSchema: z.object({ to: z.string(), amount: z.number() }),
  requireApproval: true, execute: async () => { ran++; return 'sent'; } });
const sm = scripted([{ calls: [{ id: 'sub_1', name: 'transfer', args: '{"to":"bob","amount":500}' }] }, { text: mode === 'decline' ? 'Could not pay.' : 'Paid bob.' }]);
const payer = new Agent({ id: 'payer', name: 'payer', description: 'Pays people.', instructions: 'You pay.', model: sm.model, tools: { transfer } });
const m = scripted([{ calls: [{ id: 'sup_1', name: 'agent-payer', args: '{"prompt":"pay bob 500"}' }] }, { text: 'Done.' }]);
const sup = new Agent({ id: 'sup', name: 'sup', instructions: 'You delegate.', model: m.model, agents: { payer } });
const mastra = new Mastra({ agents: { sup, payer }, storage: new InMemoryStore(), logger: false });
const a = mastra.getAgent('sup');
const s1 = await a.stream('pay bob');
const t1 = await drain(s1, 'first ');
console.log('first types', t1.join(','));
console.log('first finishReason', await s1.finishReason, 'steps', (await s1.steps).length);
const s2 = mode === 'decline' ? await a.declineToolCall({ runId: s1.runId, toolCallId: 'sup_1' }) : await a.approveToolCall({ runId: s1.runId, toolCallId: 'sup_1' });
const t2 = await drain(s2, 'resume');
console.log('resume types', t2.join(','));
console.log('resume finishReason', await s2.finishReason, 'steps', (await s2.steps).length, 'text', JSON.stringify(await s2.text), 'ran', ran);
console.log('sub model requests', sm.prompts.length, 'last sub tool msg', JSON.stringify(sm.prompts[sm.prompts.length-1].filter(x => x.role === 'tool')));
const last = m.prompts[m.prompts.length - 1];
console.log('sup model got', JSON.stringify(last.filter(x => x.role === 'tool')));
