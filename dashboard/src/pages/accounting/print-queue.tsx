// The print queue: the letters (invoices sent by post) waiting to be printed and posted, today's or
// all of them as one PDF to print, then marked as posted (those chosen, or every one shown), and the
// letters posted lately.
import { useState } from 'react';
import { Link } from 'react-router';
import { api, must } from '../../api.ts';
import { useSession } from '../../session.tsx';
import { Action, ListTable, Loadable, PageHeader, time, useLoad, usePaged } from '../../ui.tsx';
import { MessageStatusBadge, SubjectLink, recipientText } from './delivery.tsx';
import { idempotencyKey, utcToday } from './shared.ts';

const LETTERS_PDF = '/v1/print_queue/letters.pdf';

/** The Unix range of a UTC day, as the print queue counts days. */
const utcDayRange = (day: string) => {
  const start = Date.parse(`${day}T00:00:00Z`) / 1000;
  return { gte: start, lte: start + 86_399 };
};

export function PrintQueue() {
  const { can } = useSession();
  const write = can('accounting:write');
  const today = utcToday();
  const queued = usePaged(
    (cursor) => must(api.GET('/v1/messages', { params: { query: { channel: 'post', status: 'queued', limit: 100, include: ['total_count'], ...(cursor ? { cursor } : {}) } } })),
    [],
  );
  const todays = useLoad(
    () => must(api.GET('/v1/messages', { params: { query: { channel: 'post', status: 'queued', created: utcDayRange(today), limit: 1, include: ['total_count'] } } })),
    [today],
  );
  const posted = useLoad(() => must(api.GET('/v1/messages', { params: { query: { channel: 'post', status: 'sent', limit: 10 } } })), []);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [marked, setMarked] = useState<number>();
  const shown = queued.state.data?.data ?? [];
  const waiting = queued.state.data?.total_count ?? shown.length;
  const today$ = todays.data?.total_count ?? 0;
  const refresh = () => {
    setChosen(new Set());
    queued.state.reload();
    todays.reload();
    posted.reload();
  };
  const mark = async (ids: string[]) => {
    const done = await must(api.POST('/v1/print_queue/mark_mailed', { params: { header: idempotencyKey() }, body: { message_ids: ids } }));
    setMarked(done.messages.length);
  };
  const toggle = (id: string, on: boolean) =>
    setChosen((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <>
      <PageHeader title="Print queue">
        <Link className="button" to="/accounting/mail?channel=post">
          All letters
        </Link>
      </PageHeader>
      <section className="card">
        <h2>Print</h2>
        <p className="hint">Each letter starts on a new page, its address where a window envelope shows it. Print them, post them, then mark them as posted below.</p>
        <div className="buttons">
          {today$ > 0 ? (
            <a className="button primary" href={`${LETTERS_PDF}?date=${today}`} download={`letters-${today}.pdf`} data-testid="letters-today">
              Download today's letters ({today$})
            </a>
          ) : (
            <span className="muted" data-testid="letters-today">
              No letter made today ({today}, UTC) is waiting.
            </span>
          )}
          {waiting > 0 ? (
            <a className="button" href={LETTERS_PDF} download="letters-waiting.pdf" data-testid="letters-all">
              Download all waiting ({waiting})
            </a>
          ) : null}
        </div>
      </section>
      <section className="card">
        <h2>Waiting to be posted</h2>
        {marked !== undefined ? (
          <p role="status" data-testid="marked">
            {marked === 1 ? '1 letter' : `${marked} letters`} marked as posted.
          </p>
        ) : null}
        <ListTable
          state={queued.state}
          pager={queued.pager}
          empty="No letter is waiting: invoices sent by post appear here until they are marked as posted."
          head={
            <tr>
              {write ? (
                <th scope="col">
                  <input
                    type="checkbox"
                    aria-label="Choose every letter shown"
                    checked={shown.length > 0 && shown.every((m) => chosen.has(m.id))}
                    onChange={(e) => setChosen(e.target.checked ? new Set(shown.map((m) => m.id)) : new Set())}
                  />
                </th>
              ) : null}
              <th scope="col">Letter</th>
              <th scope="col">About</th>
              <th scope="col">To</th>
              <th scope="col">Status</th>
              <th scope="col">Made</th>
            </tr>
          }
          row={(m) => (
            <tr key={m.id} data-testid="letter">
              {write ? (
                <td>
                  <input type="checkbox" aria-label={`Choose ${m.subject}`} checked={chosen.has(m.id)} onChange={(e) => toggle(m.id, e.target.checked)} />
                </td>
              ) : null}
              <td>
                <Link to={`/accounting/mail/${m.id}`}>{m.subject}</Link>
              </td>
              <td>
                <SubjectLink id={m.subject_id} />
              </td>
              <td>
                {m.to_name ? <div>{m.to_name}</div> : null}
                {recipientText(m.to)}
              </td>
              <td>
                <MessageStatusBadge channel={m.channel} status={m.status} />
              </td>
              <td>{time(m.created)}</td>
            </tr>
          )}
        />
        {write && shown.length > 0 ? (
          <div className="buttons">
            <Action kind="primary" label="Mark selected as posted" disabled={chosen.size === 0} onDone={refresh} run={() => mark([...chosen])} />
            <Action
              label="Mark all shown as posted"
              confirm={`Mark the ${shown.length === 1 ? 'letter' : `${shown.length} letters`} shown as posted? Do it once they are in the post.`}
              onDone={refresh}
              run={() => mark(shown.map((m) => m.id))}
            />
          </div>
        ) : null}
      </section>
      <section className="card">
        <h2>Posted lately</h2>
        <Loadable state={posted} isEmpty={(p) => p.data.length === 0} empty="No letter posted yet.">
          {(p) => (
            <table data-testid="posted-letters">
              <thead>
                <tr>
                  <th scope="col">Letter</th>
                  <th scope="col">To</th>
                  <th scope="col">Status</th>
                  <th scope="col">Posted</th>
                </tr>
              </thead>
              <tbody>
                {p.data.map((m) => (
                  <tr key={m.id} data-testid="posted-letter">
                    <td>
                      <Link to={`/accounting/mail/${m.id}`}>{m.subject}</Link>
                    </td>
                    <td>{recipientText(m.to)}</td>
                    <td>
                      <MessageStatusBadge channel={m.channel} status={m.status} />
                    </td>
                    <td>{time(m.sent_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Loadable>
      </section>
    </>
  );
}
