import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
const url = process.argv[2]; const runs = Number(process.argv[3] || 3);
const lcps = [];
for (let i = 0; i < runs; i++) {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox'] });
  try {
    const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    lcps.push(Math.round(r.lhr.audits['largest-contentful-paint'].numericValue) + ':' + JSON.stringify(r.lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '').slice(0,80));
  } finally { chrome.kill(); }
}
console.log(url, 'LCP', lcps.join(' '));
