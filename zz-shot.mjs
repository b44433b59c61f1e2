import { chromium } from '@playwright/test';
const [url, out, w, full] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const p = await b.newPage({ viewport: { width: Number(w), height: Number(w) < 500 ? 844 : 800 }, deviceScaleFactor: 1 });
await p.goto(url, { waitUntil: 'networkidle' });
await p.screenshot({ path: out, fullPage: full === 'full' });
await b.close();
