// Measures the JavaScript a page loads before it is usable: opens each page in Chromium against
// a running server (BASE_URL), records every script it fetches until the network is idle, and
// sums their sizes as built (dist/) and gzip-compressed (level 9), the way a compressing server
// or CDN would send them. Not part of `make test`; see docs/benchmarks.md "Web client".
//
//   npm run build && BASE_URL=http://127.0.0.1:18080 node scripts/bundle-size.mjs [/path ...]

import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const BASE_URL = process.env.BASE_URL?.replace(/\/+$/, '');
if (!BASE_URL) {
  console.error('BASE_URL is required (a running `souk serve` that serves client/dist)');
  process.exit(2);
}
const DIST = fileURLToPath(new URL('../dist/assets/', import.meta.url));
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/', '/ar'];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const rows = [];
try {
  for (const path of paths) {
    const page = await browser.newPage();
    const scripts = new Set();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    await page.goto(`${BASE_URL}${path}`, { waitUntil: 'networkidle' });
    let raw = 0;
    let gzip = 0;
    const files = [];
    for (const script of scripts) {
      const bytes = await readFile(join(DIST, basename(script)));
      const packed = gzipSync(bytes, { level: 9 }).length;
      raw += bytes.length;
      gzip += packed;
      files.push(`${basename(script)} ${(bytes.length / 1024).toFixed(1)} KiB / ${(packed / 1024).toFixed(1)} KiB gzip`);
    }
    rows.push({ path, scripts: scripts.size, raw, gzip, files });
    await page.close();
  }
} finally {
  await browser.close();
}
for (const row of rows) {
  console.log(`${row.path}: ${row.scripts} scripts, ${(row.raw / 1024).toFixed(1)} KiB minified, ${(row.gzip / 1024).toFixed(1)} KiB gzip (${row.gzip} bytes)`);
  for (const file of row.files) console.log(`  ${file}`);
}
