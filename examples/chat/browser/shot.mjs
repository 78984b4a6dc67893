// shot.mjs opens examples/chat's page in headless Chromium, asks for the
// weather in Tokyo, waits for the tool call's output and the answer, asks
// for London in the same conversation, saves a screenshot and prints the
// page's text. main_test.go runs it:
//
//	node shot.mjs <page URL> <screenshot.png> [approve|restart]
//
// With approve, the server's weather tool needs approval: the script
// approves the call, and asks nothing more.
//
// With restart, the script asks to book a table in Paris instead, waits
// for the booking's approval request, prints "shot: paused" and waits for
// a line on its stdin: meanwhile the test stops the server and starts
// another on the same address and database. Then it approves the call, on
// the page as it was, and waits for the booking's output and the
// confirmation, which the new server sends.
//
// Chromium is the system's ($CHROMIUM, else /usr/bin/chromium):
// playwright-core downloads no browser.
import { chromium } from 'playwright-core';

const [url, png, mode] = process.argv.slice(2);
const approve = mode === 'approve';
const restart = mode === 'restart';
if (!url || !png || (mode && !approve && !restart)) {
  console.error('usage: node shot.mjs <page URL> <screenshot.png> [approve|restart]');
  process.exit(2);
}

// line resolves with the next line of stdin.
function line() {
  return new Promise((resolve, reject) => {
    let buf = '';
    const onData = (d) => {
      buf += d;
      const nl = buf.indexOf('\n');
      if (nl < 0) return;
      process.stdin.off('data', onData);
      process.stdin.destroy();
      resolve(buf.slice(0, nl));
    };
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', onData);
    process.stdin.once('end', () => reject(new Error('stdin ended before the test said to go on')));
    process.stdin.resume();
  });
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  timeout: 30000,
});
try {
  const page = await browser.newPage({ viewport: { width: 900, height: 820 } });
  page.setDefaultTimeout(20000);
  const logs = [];
  page.on('console', (m) => logs.push(`console.${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => logs.push(`page error: ${e.message}`));
  try {
    await page.goto(url);
    if (restart) await book(page);
    else await weather(page);
    await page.screenshot({ path: png, fullPage: true });
    console.log(await page.evaluate(() => document.body.innerText));
  } catch (err) {
    console.error(logs.join('\n'));
    throw err;
  }
} finally {
  await browser.close();
}

// weather asks for the weather in Tokyo (approving the call with
// approve), then, without approve, in London.
async function weather(page) {
  await page.fill('#input', "What's the weather in Tokyo?");
  await page.click('#send');
  if (approve) {
    // The call waits for approval: the page posts the decision and the
    // resumed run continues the same assistant message.
    await page.click('.tool[data-state="approval-requested"] button:has-text("Approve")');
  }
  await page.waitForSelector('.tool[data-state="output-available"] pre.output');
  await page.waitForSelector('.msg.assistant .text:has-text("°C in Tokyo")');
  await page.waitForSelector('body[data-state="idle"]');
  if (!approve) {
    // A second message continues the conversation: the page posts the
    // whole of it, the first answer's parts included.
    await page.fill('#input', 'And in London?');
    await page.click('#send');
    await page.waitForSelector('.msg.assistant .text:has-text("°C in London")');
    await page.waitForSelector('body[data-state="idle"]');
  }
}

// book asks to book a table in Paris, waits for the approval request,
// lets the test restart the server, then approves the call and waits for
// the booking's output and the confirmation.
async function book(page) {
  await page.fill('#input', 'Book a table in Paris');
  await page.click('#send');
  const approveBtn = '.tool[data-state="approval-requested"] button:has-text("Approve")';
  await page.waitForSelector(approveBtn);
  await page.waitForSelector('body[data-state="idle"]');
  // The run is paused and stored: the test restarts the server now.
  console.log('shot: paused');
  await line();
  await page.click(approveBtn);
  await page.waitForSelector('.tool[data-state="output-available"] pre.output');
  await page.waitForSelector('.msg.assistant .text:has-text("is booked")');
  await page.waitForSelector('body[data-state="idle"]');
}
