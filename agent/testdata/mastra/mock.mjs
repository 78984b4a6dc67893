// A scripted LanguageModelV2 for @mastra/core: plays turns, records prompts.
export function mockModel(turns) {
  const prompts = [];
  let i = 0;
  const next = (options) => {
    prompts.push(options.prompt);
    const t = turns[i++];
    if (!t) throw new Error("script exhausted");
    return typeof t === "function" ? t(options) : t;
  };
  const usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };
  return {
    prompts,
    specificationVersion: "v2",
    provider: "mock",
    modelId: "mock-model",
    supportedUrls: {},
    async doGenerate(options) {
      const t = next(options);
      const content = [];
      if (t.text) content.push({ type: "text", text: t.text });
      for (const c of t.calls ?? []) content.push({ type: "tool-call", toolCallId: c.id, toolName: c.name, input: c.args });
      return { content, finishReason: t.calls?.length ? "tool-calls" : "stop", usage, warnings: [] };
    },
    async doStream(options) {
      const t = next(options);
      const parts = [{ type: "stream-start", warnings: [] }];
      if (t.text) {
        parts.push({ type: "text-start", id: "t1" }, { type: "text-delta", id: "t1", delta: t.text }, { type: "text-end", id: "t1" });
      }
      for (const c of t.calls ?? []) {
        parts.push({ type: "tool-input-start", id: c.id, toolName: c.name });
        const chunks = c.chunks ?? [c.args];
        for (const d of chunks) parts.push({ type: "tool-input-delta", id: c.id, delta: d });
        parts.push({ type: "tool-input-end", id: c.id });
        parts.push({ type: "tool-call", toolCallId: c.id, toolName: c.name, input: c.args });
      }
      parts.push({ type: "finish", finishReason: t.calls?.length ? "tool-calls" : "stop", usage });
      return {
        stream: new ReadableStream({ start(ctrl) { for (const p of parts) ctrl.enqueue(p); ctrl.close(); } }),
      };
    },
  };
}
