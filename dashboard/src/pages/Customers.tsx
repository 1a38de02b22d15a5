// Customers: the list, adding one, and a customer's page with their orders.
import { useState } from 'react';
import { useParams } from 'react-router';
import { api, must } from '../api.ts';
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
          {can('orders:read') && (
            <section className="card">
              <h2>Recent orders</h2>
              <Loadable state={orders} isEmpty={(p) => !p || p.data.length === 0} empty="No order for this customer yet.">
                {(p) => (
                  <ul>
                    {p!.data.map((o) => (
                      <li key={o.id}>
                        <IdLink to={`/orders/${o.id}`} id={o.id} /> <Badge value={o.status} /> {o.pickup.city} → {o.delivery.city}
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
