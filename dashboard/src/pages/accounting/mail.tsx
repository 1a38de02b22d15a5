// Mail: every message the service made (invoices to customers, remittance advice and rate
// confirmations to carriers; emails and letters) with how its delivery stands, filtered by kind,
// channel and status, and one message: its body, its attachment as sent, its delivery. Says so
// plainly when emails are kept for want of a mail server, and sends a kept one when asked.
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { api, must, type S } from '../../api.ts';
import { MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_STATUSES } from '../../catalog.ts';
import { Action, Field, ListTable, Loadable, PageHeader, time, useLoad, usePaged } from '../../ui.tsx';
import { Can, useSession } from '../../session.tsx';
import { idempotencyKey } from './shared.ts';
import { DeliveryCell, KIND_NAMES, kindName, PdfLink, SubjectLink, recipientText } from './delivery.tsx';

/**
 * Says so when live emails are kept (written while no mail server was configured, no SMTP_URL):
 * they are not sent, not even once SMTP_URL is set, until a person sends each (Send now on its page).
 */
export function NoMailServerNotice() {
  const { session } = useSession();
  const kept = useLoad(
    () => (session.livemode ? must(api.GET('/v1/messages', { params: { query: { channel: 'email', status: 'kept', limit: 100 } } })) : Promise.resolve(null)),
    [session.livemode],
  );
  const emails = kept.data?.data ?? [];
  if (emails.length === 0) return null;
  const oldest = Math.min(...emails.map((m) => m.created));
  return (
    <div className="notice" role="status" data-testid="no-mail-server">
      <strong>No mail server was configured (SMTP_URL) when these emails were written: they are kept here, not sent.</strong>
      <span>
        {emails.length === 1 ? '1 email is' : `${emails.length}${kept.data?.has_more ? '+' : ''} emails are`} kept, the oldest since {time(oldest)}. Once{' '}
        <code>SMTP_URL</code> is set, new emails are sent; a kept one goes only when you send it from its page (Send now).
      </span>
    </div>
  );
}

export function MailList() {
  const [params, setParams] = useSearchParams();
  const kind = (params.get('kind') ?? '') as S['MessageKind'] | '';
  const channel = (params.get('channel') ?? '') as S['MessageChannel'] | '';
  const status = (params.get('status') ?? '') as S['MessageStatus'] | '';
  const subjectId = params.get('subject_id') ?? '';
  const { state, pager } = usePaged(
    (cursor) =>
      must(
        api.GET('/v1/messages', {
          params: {
            query: {
              limit: 20,
              ...(kind ? { kind } : {}),
              ...(channel ? { channel } : {}),
              ...(status ? { status } : {}),
              ...(subjectId ? { subject_id: subjectId } : {}),
              ...(cursor ? { cursor } : {}),
            },
          },
        }),
      ),
    [kind, channel, status, subjectId],
  );
  const filter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };
  const filtered = Boolean(kind || channel || status || subjectId);
  return (
    <>
      <PageHeader title="Mail">
        <Link className="button" to="/accounting/print-queue">
          Print queue
        </Link>
      </PageHeader>
      <NoMailServerNotice />
      <div className="filters">
        <Field label="Kind">
          <select name="kind" value={kind} onChange={(e) => filter('kind', e.target.value)}>
            <option value="">All</option>
            {MESSAGE_KINDS.map((k) => (
              <option key={k} value={k}>
                {kindName(k)}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Channel">
          <select name="channel" value={channel} onChange={(e) => filter('channel', e.target.value)}>
            <option value="">All</option>
            {MESSAGE_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {c === 'post' ? 'post (letters)' : c}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Status">
          <select name="status" value={status} onChange={(e) => filter('status', e.target.value)}>
            <option value="">All</option>
            {MESSAGE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
        {subjectId ? (
          <p className="filter-actions" data-testid="subject-filter">
            About <SubjectLink id={subjectId} />{' '}
            <button type="button" className="secondary" onClick={() => filter('subject_id', '')}>
              All messages
            </button>
          </p>
        ) : null}
      </div>
      <ListTable
        state={state}
        pager={pager}
        empty={filtered ? 'No message matches these filters.' : 'No message yet: sending an invoice, paying a carrier or dispatching an order writes one.'}
        head={
          <tr>
            <th>Subject</th>
            <th>Kind</th>
            <th>To</th>
            <th>Status</th>
            <th>Created</th>
          </tr>
        }
        row={(m) => (
          <tr key={m.id} data-testid="message">
            <td>
              <Link to={`/accounting/mail/${m.id}`}>{m.subject}</Link>
            </td>
            <td>
              {kindName(m.kind)}
              <div className="muted">{m.channel === 'post' ? 'letter' : 'email'}</div>
            </td>
            <td>
              {recipientText(m.to)}
              {m.to_name ? <div className="muted">{m.to_name}</div> : null}
            </td>
            <td data-testid="message-status">
              <DeliveryCell m={m} />
            </td>
            <td>{time(m.created)}</td>
          </tr>
        )}
      />
    </>
  );
}

/**
 * The body as the recipient reads it: the plain text, or the HTML rendered in a sandboxed frame (no
 * script, form, plugin or navigation runs in it; the page's Content-Security-Policy applies to it too).
 * The frame is shown on request only: a frame where no script may run cannot be inspected by tools
 * that work by running one (accessibility checkers), and the text says the same.
 */
function Body({ message: m }: { message: S['Message'] }) {
  const [html, setHtml] = useState(false);
  return (
    <section className="card wide">
      <div className="card-header">
        <h2>Body</h2>
        <button type="button" className="secondary" aria-pressed={html} onClick={() => setHtml((h) => !h)}>
          Show as HTML
        </button>
      </div>
      {html ? (
        <iframe className="email-body" sandbox="" srcDoc={m.html} title={`The HTML body of "${m.subject}"`} data-testid="message-html" />
      ) : (
        <pre className="email-text" data-testid="message-text">
          {m.text}
        </pre>
      )}
    </section>
  );
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export function MessageDetail() {
  const { id = '' } = useParams();
  const state = useLoad(() => must(api.GET('/v1/messages/{message_id}', { params: { path: { message_id: id } } })), [id]);
  return (
    <Loadable state={state}>
      {(m) => (
        <>
          <PageHeader title={m.subject} />
          {m.channel === 'email' && m.status === 'kept' && m.livemode ? (
            <div className="notice" role="status" data-testid="kept-email">
              <strong>Kept, not sent: no mail server was configured (SMTP_URL) when this email was written.</strong>
              <span>It is not sent by itself once one is. Send it now (the mail server must be configured):</span>
              <Can scope="accounting:write">
                <Action label="Send now" kind="primary" run={() => must(api.POST('/v1/messages/{message_id}/send', { params: { path: { message_id: m.id }, header: idempotencyKey() } }))} onDone={state.reload} />
              </Can>
            </div>
          ) : null}
          <div className="grid">
            <section className="card">
              <h2>{m.channel === 'post' ? 'Letter' : 'Email'}</h2>
              <dl data-testid="message-details">
                <dt>Kind</dt>
                <dd>{kindName(m.kind)}</dd>
                <dt>About</dt>
                <dd>
                  <SubjectLink id={m.subject_id} />
                </dd>
                <dt>To</dt>
                <dd>
                  {m.to_name ? `${m.to_name}, ` : ''}
                  {recipientText(m.to)}
                </dd>
                <dt>Status</dt>
                <dd data-testid="message-status">
                  <DeliveryCell m={m} />
                </dd>
                {m.channel === 'email' ? (
                  <>
                    <dt>Next attempt</dt>
                    <dd>{m.status === 'queued' ? time(m.next_attempt_at) : '—'}</dd>
                    <dt>Message-ID</dt>
                    <dd>
                      <code>{m.internet_message_id}</code>
                    </dd>
                  </>
                ) : null}
                <dt>{m.channel === 'post' ? 'Posted' : 'Sent'}</dt>
                <dd>{time(m.sent_at)}</dd>
                <dt>Created</dt>
                <dd>{time(m.created)}</dd>
              </dl>
            </section>
            <section className="card">
              <h2>Attachments</h2>
              {m.attachments.length === 0 ? (
                <p className="muted">None.</p>
              ) : (
                <ul className="attachments">
                  {m.attachments.map((a) => (
                    <li key={a.url}>
                      <PdfLink href={a.url} testId="attachment">
                        {a.filename}
                      </PdfLink>{' '}
                      <span className="muted">
                        {kib(a.size)}, SHA-256 <code className="digest">{a.sha256}</code>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              <p className="muted">Exactly as sent, whatever happened to the document since.</p>
            </section>
            <Body message={m} />
          </div>
          <p>
            <Link to={`/accounting/mail?subject_id=${m.subject_id}`}>Every message about the same {m.kind === 'rate_confirmation' ? 'order' : m.kind === 'remittance' ? 'carrier payment' : 'invoice'}</Link>
          </p>
        </>
      )}
    </Loadable>
  );
}
