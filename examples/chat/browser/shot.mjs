// shot.mjs opens examples/chat's page in headless Chromium, asks for the
// weather in Tokyo, waits for the tool call's output and the answer, asks
// for London in the same conversation, saves a screenshot and prints the
// page's text. main_test.go runs it:
//
//	node shot.mjs <page URL> <screenshot.png> [approve]
//
// With approve, the server's weather tool needs approval: the script
// approves the call, and asks nothing more.
//
// Chromium is the system's ($CHROMIUM, else /usr/bin/chromium):
// playwright-core downloads no browser.
import { chromium } from 'playwright-core';

const [url, png, mode] = process.argv.slice(2);
const approve = mode === 'approve';
if (!url || !png || (mode && !approve)) {
  console.error('usage: node shot.mjs <page URL> <screenshot.png> [approve]');
  process.exit(2);
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
    await page.screenshot({ path: png, fullPage: true });
    console.log(await page.evaluate(() => document.body.innerText));
  } catch (err) {
    console.error(logs.join('\n'));
    throw err;
  }
} finally {
  await browser.close();
}
