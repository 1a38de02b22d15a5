// Settings > Developers > Webhooks: the endpoints, Add Endpoint (signing secret shown once), and an
// endpoint's page: delivery log with every attempt, a chart of successes and failures over time,
// a test event, replay of one event, recovery of a time range, secret rotation, disable/enable, delete.
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BarChart } from '../chart.tsx';
import { api, must, type S } from '../api.ts';
import { API_VERSIONS, EVENT_GROUPS, EVENT_TYPE_SCOPES, EVENT_TYPES, TEST_MODE_GROUP } from '../catalog.ts';
import { useSession } from '../session.tsx';
import { Action, Badge, ErrorBox, Field, Form, IdLink, ListTable, Loadable, PageHeader, SecretOnce, time, unixOfLocal, useLoad, usePaged, usePoll } from '../ui.tsx';

export function WebhookList() {
  const { state, pager } = usePaged((cursor) => must(api.GET('/v1/webhook_endpoints', { params: { query: { limit: 20, ...(cursor ? { cursor } : {}) } } })), []);
  return (
    <>
      <PageHeader title="Webhooks">
        <Link className="button primary" to="/settings/developers/webhooks/new">
          Add endpoint
        </Link>
      </PageHeader>
      <ListTable
        state={state}
        pager={pager}
        empty="No endpoint yet: add one to receive signed events."
        head={
          <tr>
            <th>URL</th>
            <th>Events</th>
            <th>Version</th>
            <th>Status</th>
            <th>Health</th>
            <th>Created</th>
          </tr>
        }
        row={(e) => (
          <tr key={e.id} data-testid="endpoint-row">
            <td>
              <Link to={`/settings/developers/webhooks/${e.id}`}>{e.url}</Link>
              {e.description ? <div className="muted">{e.description}</div> : null}
            </td>
            <td>{e.enabled_events.includes('*') ? 'all events' : `${e.enabled_events.length} events`}</td>
            <td>{e.api_version}</td>
            <td>
              <Badge value={e.status} />
              {e.disabled_reason ? <div className="muted">{e.disabled_reason === 'failing' ? 'disabled after failing for 5 days' : 'disabled by hand'}</div> : null}
            </td>
            <td data-testid="endpoint-health">
              <HealthSummary health={e.health} />
            </td>
            <td>{time(e.created)}</td>
          </tr>
        )}
      />
    </>
  );
}

/** One line: the breaker, and how long it has been failing. */
function HealthSummary({ health }: { health: S['WebhookEndpointHealth'] }) {
  if (health.breaker === 'closed' && health.consecutive_failures === 0) return <span>healthy</span>;
  return (
    <span>
      <Badge value={`breaker_${health.breaker}`} /> {health.consecutive_failures} failure{health.consecutive_failures === 1 ? '' : 's'} in a row
      {health.failing_since ? `, since ${time(health.failing_since)}` : ''}
    </span>
  );
}

/** The endpoint's health in full, with what to do about it next to it. */
function Health({ endpoint: e, onChange }: { endpoint: S['WebhookEndpoint']; onChange: () => void }) {
  const path = { webhook_endpoint_id: e.id };
  const h = e.health;
  return (
    <section className="card" data-testid="health">
      <h2>Health</h2>
      <dl>
        <dt>Circuit breaker</dt>
        <dd data-testid="breaker">
          <Badge value={`breaker_${h.breaker}`} />{' '}
          {h.breaker === 'open' ? 'deliveries wait; one probe at a time tests the endpoint' : h.breaker === 'half_open' ? 'a probe delivery is in flight' : 'deliveries flow'}
        </dd>
        <dt>Failures in a row</dt>
        <dd data-testid="consecutive-failures">{h.consecutive_failures}</dd>
        <dt>Failing since</dt>
        <dd>{time(h.failing_since)}</dd>
        <dt>Last success</dt>
        <dd>{time(h.last_success_at)}</dd>
        {e.status === 'disabled' ? (
          <>
            <dt>Disabled</dt>
            <dd data-testid="disabled-reason">{e.disabled_reason === 'failing' ? 'by the service, after failing for 5 days without a success' : 'by hand'}</dd>
          </>
        ) : null}
      </dl>
      {e.status === 'disabled' ? (
        <div className="buttons">
          <Action
            kind="primary"
            label="Resume deliveries"
            onDone={onChange}
            run={() => must(api.PATCH('/v1/webhook_endpoints/{webhook_endpoint_id}', { params: { path }, body: { status: 'enabled' } }))}
          />
          {h.failing_since ? (
            <Action
              label="Recover what it missed"
              onDone={onChange}
              run={() => must(api.POST('/v1/webhook_endpoints/{webhook_endpoint_id}/recover', { params: { path }, body: { since: h.failing_since! } }))}
            />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

export function WebhookCreate() {
  const navigate = useNavigate();
  const { session, can } = useSession();
  // An endpoint receives only what its maker may read: `*` needs every type's scope.
  const readable = (t: S['EventType']) => can(EVENT_TYPE_SCOPES[t]);
  const allReadable = EVENT_TYPES.every(readable);
  const [url, setUrl] = useState('');
  const [all, setAll] = useState(allReadable);
  const [picked, setPicked] = useState<Set<S['EventType']>>(new Set());
  const [version, setVersion] = useState<S['ApiVersion']>(API_VERSIONS[0]);
  const [description, setDescription] = useState('');
  const [created, setCreated] = useState<S['WebhookEndpoint']>();
  const toggle = (t: S['EventType']) => setPicked((p) => (p.has(t) ? new Set([...p].filter((x) => x !== t)) : new Set([...p, t])));
  if (created?.secret) {
    return (
      <>
        <PageHeader title="Endpoint added" />
        <SecretOnce label="The endpoint's signing secret." value={created.secret} onDismiss={() => navigate(`/settings/developers/webhooks/${created.id}`)} />
      </>
    );
  }
  return (
    <>
      <PageHeader title="Add endpoint" />
      <Form
        label="Add endpoint"
        submit={async () => {
          if (!all && picked.size === 0) throw new Error('Pick at least one event type, or send all events.');
          setCreated(
            await must(
              api.POST('/v1/webhook_endpoints', {
                body: { url, enabled_events: all ? ['*'] : [...picked], api_version: version, ...(description ? { description } : {}) },
              }),
            ),
          );
        }}
      >
        <Field label="Endpoint URL" hint="https:// (plain http to localhost while the server runs in development mode)">
          <input name="url" type="url" required placeholder="https://hooks.example.com/vehicle-transport" value={url} onChange={(e) => setUrl(e.target.value)} />
        </Field>
        <Field label="Description">
          <input name="description" value={description} onChange={(e) => setDescription(e.target.value)} />
        </Field>
        <Field label="API version" hint="Payloads are rendered for this version, for good.">
          <select name="api_version" value={version} onChange={(e) => setVersion(e.target.value as S['ApiVersion'])}>
            {API_VERSIONS.map((v) => (
              <option key={v}>{v}</option>
            ))}
          </select>
        </Field>
        <fieldset>
          <legend>Events to send</legend>
          <label className="check">
            <input type="radio" name="events" checked={all} disabled={!allReadable} onChange={() => setAll(true)} /> All events (including types added later)
            {allReadable ? null : <small> (your role cannot read every event type)</small>}
          </label>
          <label className="check">
            <input type="radio" name="events" checked={!all} onChange={() => setAll(false)} /> Select events
          </label>
          {!all && (
            <div className="event-groups">
              {Object.entries(EVENT_GROUPS)
                .filter(([group]) => group !== TEST_MODE_GROUP || !session.livemode)
                .map(([group, types]) => (
                <fieldset key={group}>
                  <legend>{group}</legend>
                  {types.map((t) => (
                    <label key={t} className="check" title={readable(t) ? undefined : `Needs the scope ${EVENT_TYPE_SCOPES[t]}`}>
                      <input type="checkbox" name={t} checked={picked.has(t)} disabled={!readable(t)} onChange={() => toggle(t)} /> <code>{t}</code>
                    </label>
                  ))}
                </fieldset>
              ))}
            </div>
          )}
        </fieldset>
      </Form>
    </>
  );
}

type Delivery = S['WebhookDelivery'];
const succeeded = (a: S['WebhookDeliveryAttempt']) => a.response_status !== null && a.response_status >= 200 && a.response_status < 300;

/** Attempts bucketed by time (minutes, hours or days, whichever gives a readable number of bars). */
export function bucketAttempts(deliveries: Delivery[]): { labels: string[]; ok: number[]; failed: number[] } {
  const attempts = deliveries.flatMap((d) => d.attempts);
  if (attempts.length === 0) return { labels: [], ok: [], failed: [] };
  const times = attempts.map((a) => a.started_at);
  const span = Math.max(...times) - Math.min(...times);
  const size = span <= 2 * 3600 ? 60 : span <= 3 * 86400 ? 3600 : 86400;
  const buckets = new Map<number, { ok: number; failed: number }>();
  for (const a of attempts) {
    const key = Math.floor(a.started_at / size) * size;
    const b = buckets.get(key) ?? { ok: 0, failed: 0 };
    if (succeeded(a)) b.ok++;
    else b.failed++;
    buckets.set(key, b);
  }
  const keys = [...buckets.keys()].sort((a, b) => a - b);
  const label = (t: number) => new Date(t * 1000).toLocaleString('en-US', size === 86400 ? { dateStyle: 'medium' } : { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
  return { labels: keys.map(label), ok: keys.map((k) => buckets.get(k)!.ok), failed: keys.map((k) => buckets.get(k)!.failed) };
}

function DeliveryChart({ deliveries }: { deliveries: Delivery[] }) {
  const data = bucketAttempts(deliveries);
  return (
    <BarChart
      stacked
      integers
      testId="delivery-chart"
      label={`Attempts: ${data.ok.reduce((a, b) => a + b, 0)} succeeded, ${data.failed.reduce((a, b) => a + b, 0)} failed`}
      labels={data.labels}
      sets={[
        { label: 'Succeeded', data: data.ok, color: '#2e7d32' },
        { label: 'Failed', data: data.failed, color: '#c62828' },
      ]}
    />
  );
}

function Attempts({ delivery }: { delivery: Delivery }) {
  if (delivery.attempts.length === 0) return <p className="muted">No attempt yet{delivery.next_attempt_at ? `; due ${time(delivery.next_attempt_at)}` : ''}.</p>;
  return (
    <table className="attempts">
      <thead>
        <tr>
          <th>#</th>
          <th>Started</th>
          <th>Duration</th>
          <th>Response</th>
          <th>Body (first 1 KiB)</th>
          <th>Error</th>
        </tr>
      </thead>
      <tbody>
        {delivery.attempts.map((a) => (
          <tr key={a.number} className={succeeded(a) ? 'ok' : 'failed'}>
            <td>{a.number}</td>
            <td>{time(a.started_at)}</td>
            <td>{a.duration_ms} ms</td>
            <td>{a.response_status ?? '—'}</td>
            <td>
              <code className="excerpt">{a.response_body || '—'}</code>
            </td>
            <td>{a.error ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Recover({ endpointId }: { endpointId: string }) {
  const [since, setSince] = useState(() => new Date(Date.now() - 86_400_000).toISOString().slice(0, 16));
  const [until, setUntil] = useState('');
  const [result, setResult] = useState<S['WebhookRecovery']>();
  return (
    <Form
      className="inline-form"
      label="Recover failed deliveries"
      submit={async () =>
        setResult(await must(api.POST('/v1/webhook_endpoints/{webhook_endpoint_id}/recover', { params: { path: { webhook_endpoint_id: endpointId } }, body: { since: unixOfLocal(since), ...(until ? { until: unixOfLocal(until) } : {}) } })))
      }
    >
      <Field label="Since">
        <input name="since" type="datetime-local" required value={since} onChange={(e) => setSince(e.target.value)} />
      </Field>
      <Field label="Until (optional)">
        <input name="until" type="datetime-local" value={until} onChange={(e) => setUntil(e.target.value)} />
      </Field>
      {result ? <p role="status">{result.requeued} deliveries queued again.</p> : null}
    </Form>
  );
}

export function WebhookDetail() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const path = { webhook_endpoint_id: id };
  const endpoint = useLoad(() => must(api.GET('/v1/webhook_endpoints/{webhook_endpoint_id}', { params: { path } })), [id]);
  const [status, setStatus] = useState<S['WebhookDeliveryStatus'] | ''>('');
  const deliveries = useLoad(() => must(api.GET('/v1/webhook_endpoints/{webhook_endpoint_id}/deliveries', { params: { path, query: { limit: 100, ...(status ? { status } : {}) } } })), [id, status]);
  const [secret, setSecret] = useState<string>();
  const [open, setOpen] = useState<string>();
  const [tested, setTested] = useState<Delivery>();
  // The log follows deliveries while any is still under way.
  usePoll(deliveries.reload, 2000, Boolean(deliveries.data?.data.some((d) => d.status === 'pending')));
  return (
    <Loadable state={endpoint}>
      {(e) => (
        <>
          <PageHeader title={e.url}>
            <Badge value={e.status} />
          </PageHeader>
          {secret ? <SecretOnce label="The new signing secret (the old one keeps signing during the grace period)." value={secret} onDismiss={() => setSecret(undefined)} /> : null}
          <div className="grid">
            <section className="card">
              <h2>Endpoint</h2>
              <dl>
                <dt>Id</dt>
                <dd>
                  <code>{e.id}</code>
                </dd>
                <dt>Description</dt>
                <dd>{e.description ?? '—'}</dd>
                <dt>Events</dt>
                <dd>{e.enabled_events.includes('*') ? 'All events' : e.enabled_events.join(', ')}</dd>
                <dt>API version</dt>
                <dd>{e.api_version}</dd>
                <dt>Created</dt>
                <dd>{time(e.created)}</dd>
              </dl>
              <div className="buttons">
                {e.status === 'enabled' ? (
                  <Action
                    label="Send test event"
                    kind="primary"
                    run={async () => {
                      const sent = await must(api.POST('/v1/webhook_endpoints/{webhook_endpoint_id}/test', { params: { path } }));
                      setTested(sent);
                      setOpen(sent.id);
                    }}
                    onDone={deliveries.reload}
                  />
                ) : null}
                <Action label="Rotate secret" confirm="Rotate the signing secret? The old one keeps signing for 24 hours." run={async () => setSecret((await must(api.POST('/v1/webhook_endpoints/{webhook_endpoint_id}/rotate_secret', { params: { path }, body: { grace_period_seconds: 86_400 } }))).secret)} />
                {e.status === 'enabled' ? (
                  <Action label="Disable" onDone={endpoint.reload} run={() => must(api.PATCH('/v1/webhook_endpoints/{webhook_endpoint_id}', { params: { path }, body: { status: 'disabled' } }))} />
                ) : (
                  <Action label="Enable" onDone={endpoint.reload} run={() => must(api.PATCH('/v1/webhook_endpoints/{webhook_endpoint_id}', { params: { path }, body: { status: 'enabled' } }))} />
                )}
                <Action
                  label="Delete"
                  kind="danger"
                  confirm="Delete this endpoint and its delivery log?"
                  run={() => must(api.DELETE('/v1/webhook_endpoints/{webhook_endpoint_id}', { params: { path } }))}
                  onDone={() => navigate('/settings/developers/webhooks')}
                />
              </div>
              {tested ? (
                <p role="status" data-testid="test-event-sent">
                  Test event <code>{tested.event_id}</code> sent: its delivery is in the log below.
                </p>
              ) : null}
              <h3>Recover a time range</h3>
              <Recover endpointId={e.id} />
            </section>
            <Health endpoint={e} onChange={() => {
              endpoint.reload();
              deliveries.reload();
            }} />
            <section className="card wide">
              <h2>Successes and failures</h2>
              <Loadable state={deliveries} isEmpty={(p) => p.data.every((d) => d.attempts.length === 0)} empty="No attempt yet.">
                {(p) => <DeliveryChart deliveries={p.data} />}
              </Loadable>
            </section>
          </div>
          <section className="card">
            <h2>Delivery log</h2>
            <div className="filters">
              <Field label="Status">
                <select name="delivery-status" value={status} onChange={(ev) => setStatus(ev.target.value as S['WebhookDeliveryStatus'] | '')}>
                  <option value="">All</option>
                  <option value="pending">pending</option>
                  <option value="succeeded">succeeded</option>
                  <option value="permanently_failed">permanently failed</option>
                </select>
              </Field>
            </div>
            <ListTable
              state={deliveries}
              empty="No delivery yet: events this endpoint subscribes to will appear here."
              head={
                <tr>
                  <th>Event</th>
                  <th>Type</th>
                  <th>Status</th>
                  <th>Attempts</th>
                  <th>Next attempt</th>
                  <th>Created</th>
                  <th />
                </tr>
              }
              row={(d) => (
                <DeliveryRow key={d.id} d={d} open={open === d.id} onToggle={() => setOpen(open === d.id ? undefined : d.id)} endpointId={e.id} onReplayed={deliveries.reload} />
              )}
            />
            {deliveries.error ? <ErrorBox error={deliveries.error} /> : null}
          </section>
        </>
      )}
    </Loadable>
  );
}

function DeliveryRow({ d, open, onToggle, endpointId, onReplayed }: { d: Delivery; open: boolean; onToggle: () => void; endpointId: string; onReplayed: () => void }) {
  return (
    <>
      <tr className="delivery" data-testid="delivery">
        <td>
          <IdLink to={`/settings/developers/events/${d.event_id}`} id={d.event_id} />
        </td>
        <td>
          <code>{d.event_type}</code>
        </td>
        <td>
          <Badge value={d.status} />
        </td>
        <td>
          <button type="button" className="link" onClick={onToggle} aria-expanded={open}>
            {d.attempt_count} {d.attempt_count === 1 ? 'attempt' : 'attempts'}
          </button>
        </td>
        <td>{time(d.next_attempt_at)}</td>
        <td>{time(d.created)}</td>
        <td>
          <Action label="Replay" onDone={onReplayed} run={() => must(api.POST('/v1/events/{event_id}/replay', { params: { path: { event_id: d.event_id } }, body: { webhook_endpoint_id: endpointId } }))} />
        </td>
      </tr>
      {open ? (
        <tr className="attempts-row">
          <td colSpan={7}>
            <Attempts delivery={d} />
          </td>
        </tr>
      ) : null}
    </>
  );
}
