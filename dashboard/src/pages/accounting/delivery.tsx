// How a document and its message read wherever they appear (an invoice, a carrier payment, an order,
// the Mail pages): a link that opens the PDF, where a message went and how its delivery stands, and
// the messages about one invoice, carrier payment or order.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { api, must, type S } from '../../api.ts';
import { Badge, IdLink, Loadable, time, useLoad } from '../../ui.tsx';
import { useSession } from '../../session.tsx';

/**
 * A PDF of the API, opened in a new tab by a plain link: a same-origin GET carries the session
 * cookie, so the browser shows (or saves) the document itself.
 */
export function PdfLink({ href, children, testId }: { href: string; children: ReactNode; testId?: string }) {
  return (
    <a className="button pdf" href={href} target="_blank" rel="noopener" data-testid={testId} type="application/pdf">
      {children}
    </a>
  );
}

export const addressText = (a: S['PostalAddress']) => [a.address1, a.address2, `${a.city}, ${a.state} ${a.zip}`].filter(Boolean).join(', ');

/** An email address, or a letter's postal address on one line. */
export const recipientText = (to: S['MessageRecipient']) => (typeof to === 'string' ? to : addressText(to));

export const KIND_NAMES: Record<S['MessageKind'], string> = {
  invoice: 'Invoice',
  remittance: 'Remittance advice',
  rate_confirmation: 'Rate confirmation',
  order_dispatched: 'Load email: carrier assigned',
  order_picked_up: 'Load email: picked up',
  order_delivered: 'Load email: delivered',
};

/** A message kind in words; a kind this dashboard does not know yet (the list may grow), as it is. */
export const kindName = (kind: string): string => (KIND_NAMES as Record<string, string>)[kind] ?? kind;

/** A message's status, in the words of its channel: a letter is in the print queue, then posted. */
export function MessageStatusBadge({ channel, status }: { channel: S['MessageChannel']; status: S['MessageStatus'] }) {
  if (channel === 'post' && status === 'queued') return <Badge value="queued" label="in the print queue" />;
  if (channel === 'post' && status === 'sent') return <Badge value="sent" label="posted" />;
  // Withdrawn before it went out (its invoice was voided): it never will.
  if (status === 'cancelled') return <Badge value="cancelled" label="withdrawn, never sent" />;
  if (status === 'kept') return <KeptBadge />;
  return <Badge value={status} />;
}

/**
 * A kept message: test mode sends nothing (kept and shown); in live mode, an email written while no
 * mail server was configured, which waits for a person to send it.
 */
function KeptBadge() {
  const { session } = useSession();
  return <Badge value="kept" label={session.livemode ? 'kept, not sent' : 'kept (test mode), never sent'} />;
}

type Delivered = Pick<S['MessageDelivery'], 'channel' | 'status' | 'attempts' | 'last_error' | 'next_attempt_at'>;

/** Status, then for an email its attempts and the mail server's last answer: one table cell. */
export function DeliveryCell({ m }: { m: Delivered }) {
  return (
    <>
      <MessageStatusBadge channel={m.channel} status={m.status} />
      {m.channel === 'email' && m.status !== 'kept' ? (
        <small className="muted">
          {' '}
          {m.attempts} {m.attempts === 1 ? 'attempt' : 'attempts'}
          {m.status === 'queued' && m.next_attempt_at && m.attempts > 0 ? `, next ${time(m.next_attempt_at)}` : ''}
        </small>
      ) : null}
      {m.last_error ? <div className="delivery-error">{m.last_error}</div> : null}
    </>
  );
}

/** Where the last message went and how it stands (an invoice's `delivery`, a carrier payment's `remittance`). */
export function DeliveryStatus({ delivery, testId }: { delivery: S['MessageDelivery']; testId?: string }) {
  const post = delivery.channel === 'post';
  const { livemode } = useSession().session;
  return (
    <dl data-testid={testId}>
      <dt>Channel</dt>
      <dd>{post ? 'Post (a letter)' : 'Email'}</dd>
      <dt>To</dt>
      <dd>{recipientText(delivery.to)}</dd>
      <dt>Status</dt>
      <dd data-testid={testId ? `${testId}-status` : undefined}>
        <MessageStatusBadge channel={delivery.channel} status={delivery.status} />
      </dd>
      {post ? null : (
        <>
          <dt>Attempts</dt>
          <dd>{delivery.attempts}</dd>
          <dt>Last error</dt>
          <dd>{delivery.last_error ?? '—'}</dd>
          {delivery.status === 'queued' && delivery.attempts > 0 ? (
            <>
              <dt>Next attempt</dt>
              <dd>{time(delivery.next_attempt_at)}</dd>
            </>
          ) : null}
        </>
      )}
      <dt>{post ? 'Posted' : 'Sent'}</dt>
      <dd>
        {time(delivery.sent_at)}
        {post && delivery.status === 'queued' ? (
          <div className="muted">
            Print it from the <Link to="/accounting/print-queue">print queue</Link>, then mark it as posted.
          </div>
        ) : null}
        {!post && delivery.status === 'kept' && livemode ? (
          <div className="muted" data-testid={testId ? `${testId}-kept` : undefined}>
            Not sent: no mail server was configured (SMTP_URL) when it was written. Send it from its <Link to={`/accounting/mail/${delivery.message_id}`}>message</Link> once one is.
          </div>
        ) : null}
        {!post && delivery.status === 'queued' && delivery.attempts === 0 ? (
          <div className="muted">
            Not tried yet: if it stays so, no mail server is sending (see <Link to="/accounting/mail">Mail</Link>).
          </div>
        ) : null}
      </dd>
      <dt>Message</dt>
      <dd>
        <IdLink to={`/accounting/mail/${delivery.message_id}`} id={delivery.message_id} />
      </dd>
    </dl>
  );
}

/** The page of what a message is about. */
export function SubjectLink({ id }: { id: string }) {
  if (id.startsWith('inv_')) return <IdLink to={`/accounting/invoices/${id}`} id={id} />;
  if (id.startsWith('cpy_')) return <IdLink to={`/accounting/carrier-payments/${id}`} id={id} />;
  if (id.startsWith('ord_')) return <IdLink to={`/orders/${id}`} id={id} />;
  return <code>{id}</code>;
}

/** Every message about one invoice, carrier payment or order, newest first (needs accounting:read). */
export function SubjectMessages({ subjectId, version }: { subjectId: string; version?: unknown }) {
  const messages = useLoad(() => must(api.GET('/v1/messages', { params: { query: { subject_id: subjectId, limit: 100 } } })), [subjectId, version]);
  return (
    <section className="card">
      <h2>Messages</h2>
      <Loadable state={messages} isEmpty={(p) => p.data.length === 0} empty="No message sent about it yet.">
        {(p) => (
          <table data-testid="subject-messages">
            <thead>
              <tr>
                <th scope="col">Message</th>
                <th scope="col">Kind</th>
                <th scope="col">To</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {p.data.map((m) => (
                <tr key={m.id} data-testid="subject-message">
                  <td>
                    <Link to={`/accounting/mail/${m.id}`}>{m.subject}</Link>
                  </td>
                  <td>{kindName(m.kind)}</td>
                  <td>{recipientText(m.to)}</td>
                  <td>
                    <DeliveryCell m={m} />
                  </td>
                  <td>{time(m.created)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loadable>
    </section>
  );
}
