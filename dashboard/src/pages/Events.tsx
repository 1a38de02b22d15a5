// Settings > Developers > Events: every event of the account (30 days), filtered by type or by the
// object it is about (then in sequence order: the object's history), an event with its place among
// its object's events, the request that caused it and its payload; and the catalog of event types.
import { useState } from 'react';
import { Link, useSearchParams, useParams } from 'react-router';
import { api, must, type S } from '../api.ts';
import { EVENT_TYPE_SCOPES, EVENT_TYPES } from '../catalog.ts';
import { useSession } from '../session.tsx';
import { Action, Field, IdLink, ListTable, Loadable, PageHeader, time, useLoad, usePaged } from '../ui.tsx';

export function EventList() {
  const { can } = useSession();
  const [params, setParams] = useSearchParams();
  const type = (params.get('type') ?? '') as S['EventType'] | '';
  const objectId = params.get('object_id') ?? '';
  const { state, pager } = usePaged(
    (cursor) =>
      must(api.GET('/v1/events', { params: { query: { limit: 20, ...(type ? { type } : {}), ...(objectId ? { object_id: objectId } : {}), ...(cursor ? { cursor } : {}) } } })),
    [type, objectId],
  );
  const filter = (next: { type?: string; object_id?: string }) => {
    const merged = { type, object_id: objectId, ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, v]) => v)));
  };
  return (
    <>
      <PageHeader title={objectId ? `Events of ${objectId}` : 'Events'}>
        <Link to="/settings/developers/event-types">Event types</Link>
      </PageHeader>
      <div className="filters">
        <Field label="Type">
          <select name="type" value={type} onChange={(e) => filter({ type: e.target.value })}>
            <option value="">All</option>
            {/* The list shows only the types the session may read: offer those. */}
            {EVENT_TYPES.filter((t) => can(EVENT_TYPE_SCOPES[t])).map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </Field>
        {objectId && (
          <p>
            Oldest first, in sequence order. <Link to={type ? `?type=${type}` : '?'}>All objects</Link>
          </p>
        )}
      </div>
      <ListTable
        state={state}
        pager={pager}
        empty="No event yet."
        head={
          <tr>
            <th>Event</th>
            <th>Type</th>
            <th>Object</th>
            <th>Seq.</th>
            <th>Request</th>
            <th>Created</th>
          </tr>
        }
        row={(e) => {
          const object = String((e.data as { id?: unknown }).id ?? '');
          return (
            <tr key={e.id} data-testid="event">
              <td>
                <IdLink to={`/settings/developers/events/${e.id}`} id={e.id} />
              </td>
              <td>
                <code>{e.type}</code>
              </td>
              <td>
                <Link to={`?object_id=${encodeURIComponent(object)}`} title="Every event of this object">
                  <code>{object}</code>
                </Link>
              </td>
              <td>{e.sequence}</td>
              <td>{e.request ? <code>{e.request.id}</code> : 'by the service'}</td>
              <td>{time(e.created)}</td>
            </tr>
          );
        }}
      />
    </>
  );
}

export function EventDetail() {
  const { id = '' } = useParams();
  const state = useLoad(() => must(api.GET('/v1/events/{event_id}', { params: { path: { event_id: id } } })), [id]);
  return (
    <Loadable state={state}>
      {(e) => (
        <>
          <PageHeader title={e.type}>
            <Action label="Replay to every subscribed endpoint" run={() => must(api.POST('/v1/events/{event_id}/replay', { params: { path: { event_id: e.id } }, body: {} }))} />
          </PageHeader>
          <section className="card">
            <dl>
              <dt>Id</dt>
              <dd>
                <code>{e.id}</code>
              </dd>
              <dt>Created</dt>
              <dd>{time(e.created)}</dd>
              <dt>API version</dt>
              <dd>{e.api_version}</dd>
              <dt>Object</dt>
              <dd>
                <Link to={`/settings/developers/events?object_id=${encodeURIComponent(String((e.data as { id?: unknown }).id ?? ''))}`}>
                  <code>{String((e.data as { id?: unknown }).id ?? '')}</code>
                </Link>
              </dd>
              <dt>Sequence</dt>
              <dd data-testid="sequence">{e.sequence}</dd>
              <dt>Previous event</dt>
              <dd data-testid="previous-event">{e.previous_event_id ? <IdLink to={`/settings/developers/events/${e.previous_event_id}`} id={e.previous_event_id} /> : 'none (the first)'}</dd>
              <dt>Request</dt>
              <dd data-testid="request">{e.request ? <code>{e.request.id}</code> : 'none: the service did it by itself'}</dd>
              <dt>Idempotency key</dt>
              <dd>{e.request?.idempotency_key ? <code>{e.request.idempotency_key}</code> : '—'}</dd>
            </dl>
            <h2>Payload</h2>
            <pre className="payload" data-testid="payload" tabIndex={0} aria-label="The event as JSON">
              {JSON.stringify(e, null, 2)}
            </pre>
          </section>
        </>
      )}
    </Loadable>
  );
}

/** The catalog of event types (GET /v1/event_types): what each means, the object it carries, its schema. */
export function EventTypeList() {
  const state = useLoad(() => must(api.GET('/v1/event_types', { params: { query: { limit: 100 } } })), []);
  return (
    <>
      <PageHeader title="Event types" />
      <Loadable state={state}>
        {(page) => (
          <section className="card">
            {page.data.map((t) => (
              <EventTypeEntry key={t.type} entry={t} />
            ))}
          </section>
        )}
      </Loadable>
    </>
  );
}

/** One type; its schema (tens of kilobytes) is drawn once it is opened. */
function EventTypeEntry({ entry: t }: { entry: S['EventTypeDefinition'] }) {
  const [open, setOpen] = useState(false);
  return (
    <details data-testid="event-type" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>
        <code>{t.type}</code> ({t.data_object}): {t.summary}
      </summary>
      {t.description !== t.summary && <p>{t.description}</p>}
      {open && (
        <pre className="payload" tabIndex={0} aria-label={`JSON Schema of ${t.type}`}>
          {JSON.stringify(t.schema, null, 2)}
        </pre>
      )}
    </details>
  );
}
