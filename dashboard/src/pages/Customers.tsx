// Customers: the list, adding one, and a customer's page with their orders.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { api, must, type S } from '../api.ts';
import { Can, useSession } from '../session.tsx';
import { Badge, Field, Form, IdLink, ListTable, Loadable, PageHeader, time, useLoad, usePaged } from '../ui.tsx';

function NewCustomer({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  return (
    <details className="card">
      <summary>Add customer</summary>
      <Form
        label="Add customer"
        onDone={() => {
          setName('');
          setEmail('');
          setPhone('');
          onDone();
        }}
        submit={() => must(api.POST('/v1/customers', { body: { name, ...(email ? { email } : {}), ...(phone ? { phone } : {}) } }))}
      >
        <div className="row">
          <Field label="Name">
            <input name="name" required value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field label="Email">
            <input name="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <Field label="Phone" hint="E.164, e.g. +13125550142">
            <input name="phone" value={phone} onChange={(e) => setPhone(e.target.value)} />
          </Field>
        </div>
      </Form>
    </details>
  );
}

export function CustomerList() {
  const { state, pager } = usePaged((cursor) => must(api.GET('/v1/customers', { params: { query: { limit: 20, ...(cursor ? { cursor } : {}) } } })), []);
  return (
    <>
      <PageHeader title="Customers" />
      <Can scope="customers:write">
        <NewCustomer onDone={state.reload} />
      </Can>
      <ListTable
        state={state}
        pager={pager}
        empty="No customer yet."
        head={
          <tr>
            <th>Customer</th>
            <th>Name</th>
            <th>Email</th>
            <th>Phone</th>
            <th>Created</th>
          </tr>
        }
        row={(c) => (
          <tr key={c.id}>
            <td>
              <IdLink to={`/customers/${c.id}`} id={c.id} />
            </td>
            <td>{c.name}</td>
            <td>{c.email ?? '—'}</td>
            <td>{c.phone ?? '—'}</td>
            <td>{time(c.created)}</td>
          </tr>
        )}
      />
    </>
  );
}

const MOMENTS: { moment: S['CustomerNotificationMoment']; label: string }[] = [
  { moment: 'dispatched', label: 'Carrier assigned' },
  { moment: 'picked_up', label: 'Picked up' },
  { moment: 'delivered', label: 'Delivered (with the signed bill of lading)' },
];

/** Which moments of its loads the customer is emailed about, and where. */
function Notifications({ customer, onDone }: { customer: S['Customer']; onDone: () => void }) {
  const { can } = useSession();
  const [moments, setMoments] = useState<S['CustomerNotificationMoment'][]>(customer.notifications.moments);
  const [email, setEmail] = useState(customer.notifications.email ?? '');
  const editable = can('customers:write');
  return (
    <section className="card">
      <h2>Load emails</h2>
      {!editable ? (
        <p data-testid="customer-notifications">
          {customer.notifications.moments.length ? MOMENTS.filter((m) => customer.notifications.moments.includes(m.moment)).map((m) => m.label).join(', ') : 'None'}, to {customer.notifications.email ?? customer.email ?? 'no address'}
        </p>
      ) : (
      <Form
        label="Save load emails"
        onDone={onDone}
        submit={() => must(api.PATCH('/v1/customers/{customer_id}', { params: { path: { customer_id: customer.id } }, body: { notifications: { moments, email: email.trim() || null } } }))}
      >
        <fieldset>
          <legend>Email the customer when its load is</legend>
          {MOMENTS.map(({ moment, label }) => (
            <label key={moment} className="check">
              <input type="checkbox" name={`notifications.${moment}`} checked={moments.includes(moment)} onChange={(e) => setMoments((ms) => (e.target.checked ? [...ms, moment] : ms.filter((m) => m !== moment)))} /> {label}
            </label>
          ))}
          <Field label="Send to" hint={`Empty: the customer's email${customer.email ? ` (${customer.email})` : ', which it has not'}`}>
            <input name="notifications.email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
        </fieldset>
      </Form>
      )}
      <p className="muted">Each email carries the load's tracking link. Emails not sent yet are withdrawn when the load is cancelled; test mode keeps them, never sends them.</p>
    </section>
  );
}

export function CustomerDetail() {
  const { id = '' } = useParams();
  const { can } = useSession();
  const state = useLoad(() => must(api.GET('/v1/customers/{customer_id}', { params: { path: { customer_id: id } } })), [id]);
  const orders = useLoad(() => (can('orders:read') ? must(api.GET('/v1/orders', { params: { query: { customer_id: id, limit: 20 } } })) : Promise.resolve(null)), [id]);
  return (
    <Loadable state={state}>
      {(c) => (
        <>
          <PageHeader title={c.name} />
          <section className="card">
            <dl>
              <dt>Id</dt>
              <dd>
                <code>{c.id}</code>
              </dd>
              <dt>Email</dt>
              <dd>{c.email ?? '—'}</dd>
              <dt>Phone</dt>
              <dd>{c.phone ?? '—'}</dd>
              <dt>Billing address</dt>
              <dd>{c.billing_address ? `${c.billing_address.address1}, ${c.billing_address.city}, ${c.billing_address.state} ${c.billing_address.zip}` : '—'}</dd>
              <dt>Created</dt>
              <dd>{time(c.created)}</dd>
            </dl>
          </section>
          <Notifications customer={c} onDone={state.reload} />
          {can('orders:read') && (
            <section className="card">
              <h2>Recent orders</h2>
              <Loadable state={orders} isEmpty={(p) => !p || p.data.length === 0} empty="No order for this customer yet.">
                {(p) => (
                  <ul>
                    {p!.data.map((o) => (
                      <li key={o.id}>
                        <Link to={`/orders/${o.id}`}>{o.number}</Link>
                        {o.reference ? ` (ref. ${o.reference})` : ''} <Badge value={o.status} /> {o.pickup.city} → {o.delivery.city}
                      </li>
                    ))}
                  </ul>
                )}
              </Loadable>
            </section>
          )}
        </>
      )}
    </Loadable>
  );
}
