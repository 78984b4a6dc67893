// A scripted LanguageModelV2 for side-by-side runs: each call plays the next turn
// and records the prompt it was sent.
export function scripted(turns) {
  let i = 0, calls = 0;
  const prompts = [];
  const take = (opts) => {
    prompts.push(opts.prompt);
    if (i >= turns.length) throw new Error('script exhausted');
    const t = turns[i++];
    const content = [];
    if (t.text) content.push({ type: 'text', text: t.text });
    for (const c of t.calls ?? []) {
      calls++;
      content.push({ type: 'tool-call', toolCallId: c.id ?? `call_${calls}`, toolName: c.name, input: c.args });
    }
    return { content, finishReason: (t.calls?.length ? 'tool-calls' : 'stop') };
  };
  return {
    prompts,
    model: {
      specificationVersion: 'v2', provider: 'mock', modelId: 'scripted', supportedUrls: {},
      async doGenerate(opts) {
        const r = take(opts);
        return { content: r.content, finishReason: r.finishReason, usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 }, warnings: [] };
      },
      async doStream(opts) {
        const r = take(opts);
        const parts = [{ type: 'stream-start', warnings: [] }];
        for (const c of r.content) {
          if (c.type === 'text') {
            parts.push({ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: c.text }, { type: 'text-end', id: 't' });
          } else {
            parts.push({ type: 'tool-input-start', id: c.toolCallId, toolName: c.toolName },
              { type: 'tool-input-delta', id: c.toolCallId, delta: c.input },
              { type: 'tool-input-end', id: c.toolCallId }, c);
          }
        }
        parts.push({ type: 'finish', finishReason: r.finishReason, usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 } });
        return { stream: new ReadableStream({ start(ctrl) { for (const p of parts) ctrl.enqueue(p); ctrl.close(); } }) };
      },
    },
  };
}

export async function drain(stream, label) {
  const types = [];
  for await (const ch of stream.fullStream) {
    types.push(ch.type);
    if (ch.type === "tool-output") console.log(label, "tool-output>", ch.payload?.output?.type, JSON.stringify(ch.payload?.output?.payload ?? {}).slice(0, 200));
    if (["tool-call", 'tool-result', 'tool-error', 'tool-call-approval', 'tool-call-suspended', 'tool-output-denied', 'finish', 'step-finish'].includes(ch.type) || ch.type.startsWith('tool-call-')) {
      const p = { ...ch.payload };
      delete p.providerMetadata; delete p.messages; delete p.response; delete p.metadata; delete p.output;
      console.log(label, ch.type, JSON.stringify(p).slice(0, 400));
    }
  }
  return types;
}
