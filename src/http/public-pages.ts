// The pages a brokerage's customer opens from a link, without signing in: an order's tracking page
// (`/t/<token>`, its signed bill of lading at `/t/<token>/bol.pdf`) and an invoice's hosted page
// (`/i/<token>`, its PDF at `/i/<token>/invoice.pdf`). Plain server-rendered HTML, every value
// escaped, one inline stylesheet allowed by its hash and nothing else (no script, no request to
// anyone): a strict CSP, no referrer (the URL is the key), never indexed nor cached. Each client
// address is throttled. A link that opens nothing, whatever the reason, gets the same plain 404.
import { createHash } from 'node:crypto';
import { hostedInvoice, hostedInvoiceDocument, hostedInvoiceView, type HostedInvoiceView } from '../accounting/hosted-invoice.js';
import { documentFileName, renderDocument } from '../documents/documents.render.js';
import { trackedBillOfLading, trackedOrder, trackingView, type TrackingView } from '../orders/tracking.js';
import type { Clock } from '../shared/clock.js';
import { DEFAULT_SIGN_IN_POLICY, type Context } from '../shared/context.js';
import { takeToken, type BucketStore, type RateLimitPolicy } from './rate-limit.js';
import type { PipelineContext, Step } from './state.js';

/** Pages per client address: 30 at once, then one every 2 seconds (a person reloading, not a crawler). */
export const PUBLIC_PAGE_POLICY: RateLimitPolicy = { burst: 30, perMinute: 30, windowSeconds: 60 };

const PAGE = /^\/(t|i)\/([A-Za-z0-9_-]{1,100})(\/(bol|invoice)\.pdf)?\/?$/;


const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1b2430; background: #f4f6f9; }
body { margin: 0; line-height: 1.5; }
main { max-width: 40rem; margin: 0 auto; padding: 1rem; }
header { border-bottom: 2px solid #1f3a5f; margin-bottom: 1rem; }
h1 { font-size: 1.5rem; margin: .25rem 0 .5rem; color: #1f3a5f; }
h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
section { background: #fff; border: 1px solid #c8cdd5; border-radius: 6px; padding: .75rem 1rem; margin: .75rem 0; }
.status { font-size: 1.25rem; font-weight: 700; margin: 0; }
.muted { color: #4a5261; }
ol, ul { padding-left: 1.25rem; margin: .25rem 0; }
li { margin: .25rem 0; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: .4rem .25rem; border-bottom: 1px solid #e1e5eb; vertical-align: top; }
td.amount, th.amount { text-align: right; white-space: nowrap; }
a { color: #0b4f9c; }
.button { display: inline-block; padding: .6rem 1rem; background: #1f3a5f; color: #fff; border-radius: 4px; text-decoration: none; font-weight: 600; }
pre { white-space: pre-wrap; font-family: inherit; margin: 0; }
@media (max-width: 30rem) { main { padding: .5rem; } h1 { font-size: 1.3rem; } }
`;

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

export const PUBLIC_PAGE_HEADERS: Record<string, string> = {
  'Content-Security-Policy': `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

export function servePublicPages(store: BucketStore, clock: Clock, policy: RateLimitPolicy = PUBLIC_PAGE_POLICY): Step {
  return async (c, next) => {
    const match = PAGE.exec(c.path);
    if (!match) return next();
    for (const [k, v] of Object.entries(PUBLIC_PAGE_HEADERS)) c.set(k, v);
    if (c.method !== 'GET' && c.method !== 'HEAD') {
      c.status = 405;
      c.set('Allow', 'GET, HEAD');
      c.type = 'text/plain';
      c.body = 'Method not allowed.\n';
      return;
    }
    const taken = await takeToken(store, c.state.em, `public:${c.ip || 'unknown'}`, policy, clock);
    if (!taken.allowed) {
      c.status = 429;
      c.set('Retry-After', String(taken.retryAfter));
      page(c, 429, 'Too many requests', `<p>Please wait ${taken.retryAfter} seconds and try again.</p>`);
      return;
    }
    const [, area, token, , file] = match;
    const ctx: Context = { em: c.state.em, clock, log: c.state.log, settings: { production: false, signIn: DEFAULT_SIGN_IN_POLICY }, requestId: c.state.requestId, ip: c.ip || null };
    if (area === 't') {
      const order = await trackedOrder(ctx, token!);
      if (order && !file) return page(c, 200, `Load ${order.number}`, trackingHtml(await trackingView(ctx, order), c.path.replace(/\/$/, '')));
      if (order && file === 'bol') {
        const bol = await trackedBillOfLading(ctx, order);
        if (bol) return pdf(c, await renderDocument(bol), documentFileName(bol));
      }
    } else {
      const invoice = await hostedInvoice(ctx, token!);
      if (invoice && !file) return page(c, 200, `Invoice ${invoice.number}`, invoiceHtml(await hostedInvoiceView(ctx, invoice), c.path.replace(/\/$/, '')));
      if (invoice && file === 'invoice') {
        const doc = await hostedInvoiceDocument(ctx, invoice);
        return pdf(c, await renderDocument(doc), documentFileName(doc));
      }
    }
    page(c, 404, 'Link not found', '<p>This link does not open anything. It may have expired or been replaced: ask the sender for a new one.</p>');
  };
}

function pdf(c: PipelineContext, bytes: Buffer, filename: string): void {
  c.status = 200;
  c.type = 'application/pdf';
  c.set('Content-Disposition', `inline; filename="${filename}"`);
  c.body = bytes;
}

function page(c: PipelineContext, status: number, title: string, body: string): void {
  c.status = status;
  c.type = 'text/html; charset=utf-8';
  c.body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${esc(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** Text made safe to place in HTML, as element content or inside a quoted attribute. */
export const esc = (text: string): string => text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const when = (seconds: number): string => `${new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function contact(broker: { name: string; phone: string | null; email: string | null }): string {
  const ways = [broker.phone ? `call ${esc(broker.phone)}` : null, broker.email ? `write to <a href="mailto:${esc(broker.email)}">${esc(broker.email)}</a>` : null].filter(Boolean);
  const sentence = ways.join(' or ');
  return sentence ? `<p class="muted">Questions? ${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.</p>` : '';
}

function trackingHtml(v: TrackingView, self: string): string {
  return `<header>
<p class="muted">${esc(v.broker.name)}</p>
<h1>Load ${esc(v.number)}</h1>
${v.reference ? `<p class="muted">Your reference: ${esc(v.reference)}</p>` : ''}
</header>
<section aria-labelledby="status">
<h2 id="status">Status</h2>
<p class="status">${esc(v.status)}</p>
${v.carrier ? `<p>Carrier: ${esc(v.carrier)}</p>` : ''}
${v.price ? `<p>Price: ${esc(v.price)}</p>` : ''}
${v.delivered ? `<p><a class="button" href="${esc(self)}/bol.pdf">Download the signed bill of lading (PDF)</a></p>` : ''}
</section>
<section aria-labelledby="route">
<h2 id="route">Route</h2>
<ul>
<li><strong>Pickup:</strong> ${esc(v.pickup.city)}, ${esc(v.pickup.state)}. ${esc(v.pickup.when)}</li>
<li><strong>Delivery:</strong> ${esc(v.delivery.city)}, ${esc(v.delivery.state)}. ${esc(v.delivery.when)}</li>
</ul>
</section>
<section aria-labelledby="vehicles">
<h2 id="vehicles">Vehicles</h2>
<ul>
${v.vehicles.map((x) => `<li>${x.year} ${esc(x.make)} ${esc(x.model)}, VIN ending ${esc(x.vinLast6)}</li>`).join('\n')}
</ul>
</section>
<section aria-labelledby="history">
<h2 id="history">History</h2>
<ol>
${v.timeline.map((s) => `<li>${esc(s.label)} <span class="muted">${when(s.at)}</span></li>`).join('\n')}
</ol>
</section>
${contact(v.broker)}`;
}

function invoiceHtml(v: HostedInvoiceView, self: string): string {
  const dueLine = v.standing === 'Paid' ? 'Paid in full. Thank you.' : v.standing === 'Void' ? 'This invoice is void: nothing is due on it.' : `${esc(v.remaining)} due by ${esc(v.dueDate)}`;
  return `<header>
<p class="muted">${esc(v.broker.name)}</p>
<h1>Invoice ${esc(v.number)}</h1>
<p class="muted">To ${esc(v.customer)}</p>
</header>
<section aria-labelledby="standing">
<h2 id="standing">${esc(v.standing)}</h2>
<p class="status">${dueLine}</p>
<p><a class="button" href="${esc(self)}/invoice.pdf">Download the invoice (PDF)</a></p>
</section>
<section aria-labelledby="lines">
<h2 id="lines">Charges</h2>
<table>
<thead><tr><th scope="col">Description</th><th scope="col" class="amount">Amount</th></tr></thead>
<tbody>
${v.lines
  .map(
    (l) =>
      `<tr><td>${esc(l.description)}${l.load ? `<br><span class="muted">Load ${esc(l.load)}</span>` : ''}${l.trackingUrl ? `<br><a href="${esc(l.trackingUrl)}">Track load ${esc(l.load ?? '')}</a>` : ''}</td><td class="amount">${esc(l.amount)}</td></tr>`,
  )
  .join('\n')}
</tbody>
<tfoot>
<tr><th scope="row">Total</th><td class="amount">${esc(v.subtotal)}</td></tr>
<tr><th scope="row">Paid</th><td class="amount">${esc(v.paid)}</td></tr>
<tr><th scope="row">Remaining</th><td class="amount"><strong>${esc(v.remaining)}</strong></td></tr>
</tfoot>
</table>
</section>
${v.paymentInstructions ? `<section aria-labelledby="pay"><h2 id="pay">How to pay</h2><pre>${esc(v.paymentInstructions)}</pre></section>` : ''}
${contact(v.broker)}`;
}
