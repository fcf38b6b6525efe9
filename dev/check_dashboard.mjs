// Drives outbox serve's dashboard in headless Chromium with Playwright
// (playwright-core from npm, Debian's chromium): run by check_dashboard.py,
// which seeds the outbox, starts the server and checks what this script
// reports against the CLI. Usage: node check_dashboard.mjs BASE_URL OUTDIR
// with the expected figures as JSON on stdin.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";

const require = createRequire(process.env.PLAYWRIGHT_FROM + "/");
const { chromium } = require("playwright-core");
const [base, outdir] = process.argv.slice(2);
const expected = JSON.parse(readFileSync(0, "utf8"));
const report = {};
const fail = (message) => {
  console.error("check_dashboard: " + message);
  process.exit(1);
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
const laptop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await laptop.newPage();
const problems = [];
page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
page.on("pageerror", (e) => problems.push(String(e)));

// 1. The overview shows the counts the CLI shows.
await page.goto(base + "/");
report.overview = {};
for (const state of Object.keys(expected.counts)) {
  const shown = await page.locator(`a.count[data-state="${state}"] .value`).first().textContent();
  report.overview[state] = Number(shown.trim());
}
await page.screenshot({ path: `${outdir}/overview-laptop.png`, fullPage: true });

// 2. A filter narrows the table and survives a reload (it lives in the URL).
await page.goto(base + "/deliveries");
report.unfiltered = await page.locator('tbody tr').count();
await page.selectOption('select[name="status"]', "dead");
await page.fill('input[name="client"]', expected.client);
await Promise.all([page.waitForURL(/status=dead/), page.click('form.filters button[type="submit"]')]);
report.filtered_url = page.url();
report.filtered = await page.locator("tbody tr").count();
await page.reload();
report.reloaded = await page.locator("tbody tr").count();
report.reloaded_client = await page.inputValue('input[name="client"]');
report.reloaded_status = await page.inputValue('select[name="status"]');
await page.screenshot({ path: `${outdir}/deliveries-laptop.png`, fullPage: true });

// 3. A bulk redrive of everything matching asks first, with the count.
await page.check('input[name="scope"][value="matching"]');
await page.selectOption('select[name="action"]', "redrive");
await Promise.all([page.waitForURL(/\/deliveries\/bulk$/), page.click('fieldset.bulk button[type="submit"]')]);
report.asked = Number(await page.locator(".confirm").getAttribute("data-count"));
await page.screenshot({ path: `${outdir}/confirm-laptop.png`, fullPage: true });
await Promise.all([page.waitForURL(/done=redrive/), page.click('form button[type="submit"]:not(.link)')]);
report.notice = (await page.locator(".notice").textContent()).trim();

// 4. A dead letter is redriven from its own page.
await page.goto(`${base}/deliveries/${expected.dead_letter}`);
await page.screenshot({ path: `${outdir}/delivery-laptop.png`, fullPage: true });
await Promise.all([page.waitForURL(/done=redrive/), page.click('button[data-action="redrive"]')]);
report.redriven_to = page.url();

// 5. A form posted without its CSRF token is refused.
await page.goto(`${base}/subscriptions/${expected.subscription}`);
await page.screenshot({ path: `${outdir}/subscription-laptop.png`, fullPage: true });
await page.evaluate(() => document.querySelector('button[data-action="pause"]').form.querySelector('input[name="csrf"]').remove());
const expectedErrors = problems.length; // the refusal's 403 is logged; it is the point
const [refusal] = await Promise.all([
  page.waitForResponse((r) => r.request().method() === "POST"),
  page.click('button[data-action="pause"]'),
]);
report.without_csrf = refusal.status();
await page.waitForLoadState();
problems.splice(expectedErrors);

// 6. Every page at a laptop's and a phone's width.
await page.goto(base + "/events");
await page.screenshot({ path: `${outdir}/events-laptop.png`, fullPage: true });
const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
const small = await phone.newPage();
for (const [name, path] of [
  ["overview", "/"],
  ["deliveries", "/deliveries?status=dead"],
  ["delivery", `/deliveries/${expected.dead_letter}`],
  ["events", "/events"],
  ["subscription", `/subscriptions/${expected.subscription}`],
]) {
  await small.goto(base + path);
  await small.screenshot({ path: `${outdir}/${name}-phone.png`, fullPage: true });
  report[`${name}_phone_overflows`] = await small.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}
// Dark mode follows the system.
const dark = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "dark" });
const night = await dark.newPage();
await night.goto(base + "/");
report.dark_background = await night.evaluate(() => getComputedStyle(document.body).backgroundColor);
await night.screenshot({ path: `${outdir}/overview-dark.png`, fullPage: true });

report.console_errors = problems;
await browser.close();
console.log(JSON.stringify(report));
