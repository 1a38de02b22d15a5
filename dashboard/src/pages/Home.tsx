// Home: what needs attention: orders by status, carriers waiting on vetting, open compliance alerts,
// webhook endpoints that are failing.
import { Link } from 'react-router';
import { api, must } from '../api.ts';
import { ORDER_STATUSES } from '../catalog.ts';
import { useSession } from '../session.tsx';
import { Badge, Loadable, PageHeader, useLoad } from '../ui.tsx';

/** The server's count of the whole list (`include[]=total_count`). */
const count = (p: { total_count?: number }) => (p.total_count ?? 0).toLocaleString('en-US');
const COUNT = { include: ['total_count' as const] };

function OrdersByStatus() {
  const state = useLoad(
    () => Promise.all(ORDER_STATUSES.map(async (status) => ({ status, page: await must(api.GET('/v1/orders', { params: { query: { status, limit: 1, ...COUNT } } })) }))),
    [],
  );
  return (
    <section className="card">
      <h2>Orders by status</h2>
      <Loadable state={state}>
        {(rows) => (
          <ul className="stats">
            {rows.map(({ status, page }) => (
              <li key={status}>
                <Link to={`/orders?status=${status}`}>
                  <span className="stat" data-testid={`orders-${status}`}>{count(page)}</span>
                  <Badge value={status} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Loadable>
    </section>
  );
}

function CarriersWaiting() {
  const state = useLoad(() => must(api.GET('/v1/carriers', { params: { query: { status: 'pending_vetting', limit: 8, ...COUNT } } })), []);
  return (
    <section className="card">
      <h2>Carriers waiting on vetting</h2>
      <Loadable state={state} isEmpty={(p) => p.data.length === 0} empty="No carrier is waiting on vetting.">
        {(p) => (
          <ul>
            {p.data.map((c) => (
              <li key={c.id}>
                <Link to={`/carriers/${c.id}`}>DOT {c.dot_number}</Link> <Badge value={c.safer_pull_status} />
              </li>
            ))}
            {p.has_more ? (
              <li>
                <Link to="/carriers?status=pending_vetting">{count(p)} in all</Link>
              </li>
            ) : null}
          </ul>
        )}
      </Loadable>
    </section>
  );
}

function OpenAlerts() {
  const state = useLoad(() => must(api.GET('/v1/compliance_alerts', { params: { query: { status: 'open', limit: 1, ...COUNT } } })), []);
  return (
    <section className="card">
      <h2>Open compliance alerts</h2>
      <Loadable state={state} isEmpty={(p) => p.data.length === 0} empty="No open alert.">
        {(p) => (
          <p>
            <Link to="/compliance?status=open">
              <span className="stat" data-testid="open-alerts">{count(p)}</span> open
            </Link>
          </p>
        )}
      </Loadable>
    </section>
  );
}

function FailingEndpoints() {
  const state = useLoad(async () => {
    const endpoints = await must(api.GET('/v1/webhook_endpoints', { params: { query: { limit: 100 } } }));
    const checked = await Promise.all(
      endpoints.data.map(async (endpoint) => {
        const deliveries = await must(api.GET('/v1/webhook_endpoints/{webhook_endpoint_id}/deliveries', { params: { path: { webhook_endpoint_id: endpoint.id }, query: { limit: 20 } } }));
        // Failing: a delivery that gave up, or one still retrying after a failed attempt.
        const failing = deliveries.data.filter((d) => d.status === 'permanently_failed' || (d.status === 'pending' && d.attempt_count > 0)).length;
        return { endpoint, failing };
      }),
    );
    return checked.filter((c) => c.failing > 0);
  }, []);
  return (
    <section className="card">
      <h2>Webhook endpoints failing</h2>
      <Loadable state={state} isEmpty={(rows) => rows.length === 0} empty="Every endpoint is receiving its events.">
        {(rows) => (
          <ul>
            {rows.map(({ endpoint, failing }) => (
              <li key={endpoint.id}>
                <Link to={`/settings/developers/webhooks/${endpoint.id}`}>{endpoint.url}</Link>: {failing} failing of the last 20
              </li>
            ))}
          </ul>
        )}
      </Loadable>
    </section>
  );
}

export function Home() {
  const { can, session } = useSession();
  return (
    <>
      <PageHeader title={`Welcome, ${session.user.name}`} />
      <div className="grid">
        {can('orders:read') && <OrdersByStatus />}
        {can('carriers:read') && <CarriersWaiting />}
        {can('carriers:read') && <OpenAlerts />}
        {can('webhooks:manage') && <FailingEndpoints />}
      </div>
    </>
  );
}
