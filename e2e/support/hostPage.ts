import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A shop's site that embeds the chat widget from `parleyUrl`. `/` says no language, `/zh…` is a
 * Chinese page (`<html lang="zh-CN">`), `/zh-snippet-en` a Chinese page whose snippet asks for
 * English (`data-lang="en"`). A path ending in `-phone` (`/en-phone`, `/zh-phone`) is a site made
 * for phones (`<meta name="viewport" content="width=device-width">`); the others are not, as many
 * shops' pages are not (a phone lays them out about 980px wide and shows them zoomed out).
 * Answers its address and a close.
 */
export function startHostPage(parleyUrl: string): Promise<{ url: string; close: () => void }> {
  const host = http.createServer((req, res) => {
    const lang = req.url?.startsWith('/zh') ? ' lang="zh-CN"' : '';
    const asked = req.url === '/zh-snippet-en' ? ' data-lang="en"' : '';
    const phone = req.url?.endsWith('-phone')
      ? '<meta name="viewport" content="width=device-width, initial-scale=1">'
      : '';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html${lang}><head>${phone}<title>Shop</title></head>
<body style="font-family:serif;background:#fffbe6"><h1>Bob's Bike Shop</h1><p>Spokes, chains and bells.</p>
<script src="${parleyUrl}/widget.js"${asked} async></script></body></html>`);
  });
  return new Promise((resolve) => {
    host.listen(0, 'localhost', () =>
      resolve({ url: `http://localhost:${(host.address() as AddressInfo).port}`, close: () => host.close() }),
    );
  });
}
