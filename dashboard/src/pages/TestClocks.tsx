// Settings > Developers > Test clocks (test mode): clocks made, advanced and deleted; objects created on
// a clock live on its time, and an advance makes what was due on them happen (docs/testing.md).
import { useCallback, useState } from 'react';
import { api, must, type S } from '../api.ts';
import { useSession } from '../session.tsx';
import { Action, Badge, Field, Form, ListTable, localDateTime, PageHeader, time, unixOfLocal, usePaged, usePoll } from '../ui.tsx';

const DAY = 86_400;

function CreateClock({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('');
  const [at, setAt] = useState(() => localDateTime(Math.floor(Date.now() / 1000)));
  return (
    <details className="card">
      <summary>Create test clock</summary>
      <Form
        label="Create test clock"
        onDone={onDone}
        submit={async () => {
          await must(api.POST('/v1/test_helpers/test_clocks', { body: { frozen_time: unixOfLocal(at), ...(name ? { name } : {}) } }));
          setName('');
        }}
      >
        <div className="row">
          <Field label="Name">
            <input name="name" value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field label="Frozen at" hint="From 7 days ago to a year ahead.">
            <input name="frozen_time" type="datetime-local" required value={at} onChange={(e) => setAt(e.target.value)} />
          </Field>
        </div>
      </Form>
    </details>
  );
}

function Advance({ clock, onDone }: { clock: S['TestClock']; onDone: () => void }) {
  const [to, setTo] = useState(() => localDateTime(clock.frozen_time + DAY));
  return (
    <Form className="inline-form" label="Advance" onDone={onDone} submit={() => must(api.POST('/v1/test_helpers/test_clocks/{test_clock_id}/advance', { params: { path: { test_clock_id: clock.id } }, body: { frozen_time: unixOfLocal(to) } }))}>
      <Field label="To">
        <input name="advance_to" type="datetime-local" required value={to} onChange={(e) => setTo(e.target.value)} />
      </Field>
    </Form>
  );
}

export function TestClocks() {
  const { can } = useSession();
  const { state, pager } = usePaged((cursor) => must(api.GET('/v1/test_helpers/test_clocks', { params: { query: { limit: 20, ...(cursor ? { cursor } : {}) } } })), []);
  // While a clock advances, its time moves: the list is read again every second until it is ready.
  const advancing = (state.data?.data ?? []).some((c) => c.status === 'advancing');
  usePoll(useCallback(() => state.reload(), [state.reload]), 1_000, advancing);
  const writes = can('orders:write');
  return (
    <>
      <PageHeader title="Test clocks" />
      <p className="hint">
        Customers, orders, carriers and webhook endpoints created on a clock (with <code>test_clock</code>) live on its time. Advancing it makes what was due on them happen, in order, at
        the clock's times: webhook retries, carrier monitoring reads, compliance expiries, invoices going past due.
      </p>
      {writes ? <CreateClock onDone={state.reload} /> : null}
      <ListTable
        state={state}
        pager={pager}
        empty="No test clock yet."
        head={
          <tr>
            <th>Name</th>
            <th>Clock</th>
            <th>Time on the clock</th>
            <th>Status</th>
            <th />
          </tr>
        }
        row={(c) => (
          <tr key={c.id} data-testid="test-clock">
            <td>{c.name ?? '—'}</td>
            <td>
              <code>{c.id}</code>
            </td>
            <td data-testid="clock-time">{time(c.frozen_time)}</td>
            <td>
              <Badge value={c.status} />
              {c.advancing_to ? <div className="hint">to {time(c.advancing_to)}</div> : null}
            </td>
            <td>
              {writes && c.status !== 'advancing' ? (
                <>
                  <Advance key={c.frozen_time} clock={c} onDone={state.reload} />
                  <Action kind="danger" label="Delete" confirm={`Delete ${c.name ?? c.id} with the customers, orders, carriers and webhook endpoints on it?`} onDone={state.reload} run={() => must(api.DELETE('/v1/test_helpers/test_clocks/{test_clock_id}', { params: { path: { test_clock_id: c.id } } }))} />
                </>
              ) : null}
            </td>
          </tr>
        )}
      />
    </>
  );
}
