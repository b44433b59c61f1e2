import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const url = process.argv[2];
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
try {
  const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
  const a = lhr.audits;
  console.log('LCP', Math.round(a['largest-contentful-paint'].numericValue), 'FCP', Math.round(a['first-contentful-paint'].numericValue), 'SI', Math.round(a['speed-index'].numericValue));

  const reqs = a['network-requests']?.details?.items ?? [];
  for (const r of reqs) console.log(Math.round(r.networkRequestTime), Math.round(r.networkEndTime), r.priority, r.resourceType, r.transferSize, r.url.replace(/^https?:\/\/[^/]+/, ''));
} finally { chrome.kill(); }
