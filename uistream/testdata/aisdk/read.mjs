// read.mjs reads one UI message stream, as a uistream.Writer wrote it,
// with the ai package's own reader: parseJsonEventStream checks each chunk
// against uiMessageChunkSchema, as DefaultChatTransport does, and
// readUIMessageStream assembles the message, as useChat does.
//
//   node read.mjs [message.json] < stream
//
// message.json, when given, is the assistant message the stream continues
// (a resumed run). It prints {message, errors} as JSON, message being the
// last snapshot, and exits 1 when there was an error. $AI_PACKAGE names
// the package: ai (version 7, the default) or ai6.
import { readFileSync } from 'node:fs';
import { text } from 'node:stream/consumers';

const { parseJsonEventStream, uiMessageChunkSchema, readUIMessageStream } =
  await import(process.env.AI_PACKAGE || 'ai');

const errors = [];
const report = (err) => errors.push(String(err?.stack ?? err).slice(0, 2000));
let message = process.argv[2] ? JSON.parse(readFileSync(process.argv[2], 'utf8')) : undefined;
try {
  const body = await text(process.stdin);
  const chunks = parseJsonEventStream({ stream: new Response(body).body, schema: uiMessageChunkSchema }).pipeThrough(
    new TransformStream({
      transform(result, controller) {
        if (!result.success) throw result.error;
        controller.enqueue(result.value);
      },
    }),
  );
  for await (const snapshot of readUIMessageStream({ message, stream: chunks, onError: report, terminateOnError: true })) {
    message = snapshot;
  }
} catch (err) {
  report(err);
}
process.stdout.write(JSON.stringify({ message, errors }));
process.exit(errors.length > 0 ? 1 : 0);
