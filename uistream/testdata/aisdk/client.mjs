// client.mjs drives a uistream.Handler with the ai package's own chat
// client: AbstractChat (what useChat wraps) on an in-memory ChatState,
// DefaultChatTransport, and the approval round trip useChat does.
//
//   node client.mjs <url> [approve|decline]
//
// $AI_PACKAGE names the package to import: ai (version 7, the default) or
// ai6 (version 6, installed under that alias).
// It sends "go", waits for the run to pause on the delete tool's approval,
// answers it, waits for the automatic resend to finish, sends "thanks" to
// continue the conversation, and prints {first, final, continued, errors}
// as JSON: the messages the ai package assembled after each request, and
// every error it reported. It exits 1 when there
// was any error.
const {
  AbstractChat,
  DefaultChatTransport,
  lastAssistantMessageIsCompleteWithApprovalResponses,
} = await import(process.env.AI_PACKAGE || 'ai');

// MemoryState is a ChatState kept in plain fields, as @ai-sdk/react's
// ReactChatState is without the React hooks.
class MemoryState {
  constructor() {
    this.status = 'ready';
    this.error = undefined;
    this.messages = [];
  }
  pushMessage = (message) => {
    this.messages = this.messages.concat(message);
  };
  popMessage = () => {
    this.messages = this.messages.slice(0, -1);
  };
  replaceMessage = (index, message) => {
    this.messages = [
      ...this.messages.slice(0, index),
      this.snapshot(message),
      ...this.messages.slice(index + 1),
    ];
  };
  snapshot = (thing) => structuredClone(thing);
}

class Chat extends AbstractChat {
  constructor(init) {
    super({ ...init, state: new MemoryState() });
  }
}

const url = process.argv[2];
const decision = process.argv[3] ?? 'approve';
if (!url || !['approve', 'decline'].includes(decision)) {
  console.error('usage: node client.mjs <url> [approve|decline]');
  process.exit(2);
}

const errors = [];
// report keeps an error's first 2000 characters: a chunk validation error
// lists every chunk schema.
const report = (err) => errors.push(String(err?.stack ?? err).slice(0, 2000));
let finished = 0;
let onFinished = () => {};
const chat = new Chat({
  id: 'chat-1',
  // With LAST_MESSAGE_ONLY=1, the transport sends only the last message,
  // as the AI SDK's persistence guide has it, to a server that keeps
  // conversations.
  transport: new DefaultChatTransport(process.env.LAST_MESSAGE_ONLY === '1'
    ? { api: url, prepareSendMessagesRequest: ({ id, messages }) => ({ body: { id, message: messages.at(-1) } }) }
    : { api: url }),
  sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  onError: report,
  onFinish: ({ isError, isAbort, isDisconnect }) => {
    if (isError || isAbort || isDisconnect) {
      errors.push(`request ${finished + 1} ended with isError=${isError} isAbort=${isAbort} isDisconnect=${isDisconnect}`);
    }
    finished++;
    onFinished();
  },
});

// requests resolves once n requests have finished and the chat is idle.
function requests(n, ms = 20000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for request ${n} (${finished} finished, status ${chat.status})`)), ms);
    const check = () => {
      if (finished >= n && (chat.status === 'ready' || chat.status === 'error')) {
        clearTimeout(timer);
        // Let the chat's own follow-up (its automatic-send decision)
        // run before the messages are read.
        setTimeout(resolve, 50);
        return true;
      }
      return false;
    };
    onFinished = () => {
      // The status is set before onFinish is called; check on the next
      // turn anyway, in case of a later update.
      setTimeout(check, 0);
    };
    check();
  });
}

function out(first, final, exitCode) {
  process.stdout.write(JSON.stringify({ first, final, continued: chat.messages, errors }) + '\n');
  process.exitCode = exitCode;
}

let first = null;
let final = null;
try {
  await chat.sendMessage({ text: 'go' });
  await requests(1);
  first = structuredClone(chat.messages);

  const assistant = chat.messages.at(-1);
  const part = assistant?.parts.find((p) => p.type?.startsWith('tool-') && p.state === 'approval-requested');
  if (!part) throw new Error('no tool part in state approval-requested after the first request');
  await chat.addToolApprovalResponse({ id: part.approval.id, approved: decision === 'approve' });
  await requests(2);
  if (finished !== 2) throw new Error(`${finished} requests were made, want 2`);
  final = structuredClone(chat.messages);

  // The conversation goes on: the whole history, as the chat holds it,
  // goes back to the server with the next message.
  await chat.sendMessage({ text: 'thanks' });
  await requests(3);
  if (finished !== 3) throw new Error(`${finished} requests were made, want 3`);
} catch (err) {
  report(err);
}
out(first, final, errors.length > 0 ? 1 : 0);
