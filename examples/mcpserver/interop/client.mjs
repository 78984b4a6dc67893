// client.mjs drives examples/mcpserver with the MCP TypeScript SDK's Client,
// a client that toolgen did not write, and prints what it observed as one
// JSON object on stdout. interop_test.go runs it and checks every field.
//
// Usage:
//
//	node client.mjs stdio /path/to/mcpserver
//	node client.mjs http http://127.0.0.1:PORT/
//
// Each step records what the server answered (a result, or the error the
// SDK threw) rather than judging it, so the Go test can say exactly what
// differed. The script exits 0 once it has printed; it exits 1, with the
// exception on stderr, only when something it did not expect went wrong
// (it could not connect, say).

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { LoggingMessageNotificationSchema, EmptyResultSchema } from "@modelcontextprotocol/sdk/types.js";

const [kind, target] = process.argv.slice(2);
if (!["stdio", "http"].includes(kind) || !target) {
  console.error("usage: node client.mjs stdio BINARY | node client.mjs http URL");
  process.exit(2);
}

// A call's outcome: the result's flag, texts, resource links and structured
// content, or the error the SDK raised.
async function outcome(promise) {
  try {
    const r = await promise;
    const content = r.content ?? [];
    return {
      isError: r.isError === true,
      texts: content.filter((c) => c.type === "text").map((c) => c.text),
      links: content
        .filter((c) => c.type === "resource_link")
        .map((c) => ({ uri: c.uri, name: c.name ?? null, mimeType: c.mimeType ?? null })),
      structuredContent: r.structuredContent ?? null,
    };
  } catch (e) {
    return { error: { code: e.code ?? null, message: String(e.message ?? e) } };
  }
}

// waitFor polls until cond holds or ms have passed: notifications that
// travel apart from a call's response may arrive after it.
async function waitFor(cond, ms) {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
}

async function main() {
  const transport =
    kind === "stdio"
      ? new StdioClientTransport({ command: target, args: [], stderr: "inherit" })
      : new StreamableHTTPClientTransport(new URL(target));
  const transportErrors = [];
  const client = new Client({ name: "toolgen-interop", version: "0.0.0" });
  client.onerror = (e) => transportErrors.push(String(e.message ?? e));

  const logs = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    logs.push({ level: n.params.level, logger: n.params.logger ?? null, data: n.params.data });
  });

  await client.connect(transport);
  // What reaches the transport during forecastTool's call, in order, before
  // the SDK's dispatch: the SDK hands notifications to their handlers a
  // microtask later but settles a response at once, so a progress
  // notification that arrives in the same read as its call's response
  // reaches no onprogress (typescript-sdk issue #2580). The wire shows what
  // the server sent; progress below, what the SDK delivered.
  const wire = [];
  let recording = false;
  const dispatch = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if (recording) {
      if (message.method === "notifications/progress") {
        const { progress, total, message: text } = message.params;
        wire.push({ kind: "progress", progress, total: total ?? null, message: text ?? null });
      } else if (message.method === "notifications/message") {
        wire.push({ kind: "log", logger: message.params.logger ?? null });
      } else if (message.method === undefined && message.id !== undefined) {
        wire.push({ kind: "response" });
      } else {
        wire.push({ kind: message.method });
      }
    }
    dispatch?.call(transport, message, extra);
  };
  const out = { transport: kind, server: client.getServerVersion(), capabilities: client.getServerCapabilities() };

  const { tools } = await client.listTools();
  out.tools = tools.map((t) => ({
    name: t.name,
    title: t.title ?? null,
    annotations: t.annotations ?? null,
    outputProperties: Object.keys(t.outputSchema?.properties ?? {}),
  }));

  out.weather = await outcome(client.callTool({ name: "weatherTool", arguments: { location: "Paris" } }));
  out.badArgs = await outcome(client.callTool({ name: "weatherTool", arguments: { Location: "Paris" } }));
  // Arguments over 64 KiB, in a request well under the 4 MiB body limit.
  out.bigArgs = await outcome(client.callTool({ name: "weatherTool", arguments: { location: "x".repeat(70 * 1024) } }));
  out.unknownTool = await outcome(client.callTool({ name: "noSuchTool", arguments: {} }));
  try {
    await client.request({ method: "toolgen/noSuchMethod", params: {} }, EmptyResultSchema);
    out.unknownMethod = { result: "no error" };
  } catch (e) {
    out.unknownMethod = { error: { code: e.code ?? null, message: String(e.message ?? e) } };
  }

  // forecastTool with a progress token (the SDK sends one when onprogress
  // is set) and a log level.
  await client.setLoggingLevel("info");
  const progress = [];
  const started = Date.now();
  recording = true;
  out.forecast = await outcome(
    client.callTool({ name: "forecastTool", arguments: { location: "Tokyo", days: 3 } }, undefined, {
      onprogress: (p) => progress.push({ progress: p.progress, total: p.total ?? null, message: p.message ?? null }),
    }),
  );
  out.forecast.ms = Date.now() - started;
  await waitFor(() => logs.length >= 3, 2000);
  recording = false;
  out.forecast.wire = wire;
  out.forecast.progress = progress;
  out.forecast.logs = logs.slice();

  if (kind === "http") {
    out.http = await httpChecks(target, transport.sessionId, transport.protocolVersion);
    out.sessionId = transport.sessionId ?? null;
    // DELETE the session, as a client that is done does; then its id
    // names no session.
    await transport.terminateSession();
    out.http.deletedSession = await post(target, rpc(7, "tools/list"), {
      "mcp-session-id": transport.sessionId ?? out.sessionId,
    });
  }
  out.transportErrors = transportErrors;
  await client.close();
  return out;
}

function rpc(id, method, params = {}) {
  return JSON.stringify({ jsonrpc: "2.0", id, method, params });
}

const initialize = rpc(1, "initialize", {
  protocolVersion: "2025-06-18",
  capabilities: {},
  clientInfo: { name: "raw-fetch", version: "0.0.0" },
});

// post sends body as a browser or a hand-written client would and records
// the status, the content type and the body: JSON, the JSON-RPC messages of
// an event stream, or text.
async function post(url, body, headers = {}) {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...headers,
      },
      body,
    });
    const contentType = res.headers.get("content-type") ?? "";
    const text = await res.text();
    let parsed = text;
    if (contentType.startsWith("application/json")) {
      try {
        parsed = JSON.parse(text);
      } catch {}
    } else if (contentType.startsWith("text/event-stream")) {
      parsed = text
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .map((l) => {
          try {
            return JSON.parse(l.slice(5));
          } catch {
            return l;
          }
        });
    }
    return { status: res.status, contentType, sessionId: res.headers.get("mcp-session-id"), body: parsed };
  } catch (e) {
    return { error: String(e.cause?.message ?? e.message ?? e) };
  }
}

async function httpChecks(url, sessionId, protocolVersion) {
  const session = { "mcp-session-id": sessionId, "mcp-protocol-version": protocolVersion };
  return {
    // A page of another site, and a sandboxed or file: page, must not
    // reach the tools through a user's browser.
    evilOrigin: await post(url, initialize, { origin: "http://evil.example" }),
    nullOrigin: await post(url, initialize, { origin: "null" }),
    // Only initialize may come without a session id.
    noSession: await post(url, rpc(2, "tools/list"), { "mcp-protocol-version": protocolVersion }),
    unknownSession: await post(url, rpc(3, "tools/list"), {
      "mcp-session-id": "no-such-session",
      "mcp-protocol-version": protocolVersion,
    }),
    unknownMethod: await post(url, rpc(4, "toolgen/noSuchMethod"), session),
    // A body over 4 MiB.
    tooLarge: await post(
      url,
      rpc(5, "tools/call", { name: "weatherTool", arguments: { location: "x".repeat(4 * 1024 * 1024 + 1) } }),
      session,
    ),
  };
}

main().then(
  (out) => {
    process.stdout.write(JSON.stringify(out) + "\n");
    process.exit(0);
  },
  (e) => {
    console.error(e?.stack ?? String(e));
    process.exit(1);
  },
);
