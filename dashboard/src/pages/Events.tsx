// Settings > Developers > Events: every event of the account (30 days), filtered by type, and its payload.
import { useSearchParams, useParams } from 'react-router';
import { api, must, type S } from '../api.ts';
import { EVENT_TYPES } from '../catalog.ts';
import { Action, Field, IdLink, ListTable, Loadable, PageHeader, time, useLoad, usePaged } from '../ui.tsx';

export function EventList() {
  const [params, setParams] = useSearchParams();
  const type = (params.get('type') ?? '') as S['EventType'] | '';
  const { state, pager } = usePaged((cursor) => must(api.GET('/v1/events', { params: { query: { limit: 20, ...(type ? { type } : {}), ...(cursor ? { cursor } : {}) } } })), [type]);
  return (
    <>
      <PageHeader title="Events" />
      <div className="filters">
        <Field label="Type">
          <select name="type" value={type} onChange={(e) => setParams(e.target.value ? { type: e.target.value } : {})}>
            <option value="">All</option>
            {EVENT_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </Field>
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
            <th>Created</th>
          </tr>
        }
        row={(e) => (
          <tr key={e.id}>
            <td>
              <IdLink to={`/settings/developers/events/${e.id}`} id={e.id} />
            </td>
            <td>
              <code>{e.type}</code>
            </td>
            <td>
              <code>{String((e.data as { id?: unknown }).id ?? '')}</code>
            </td>
            <td>{time(e.created)}</td>
          </tr>
        )}
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
              <dt>Request</dt>
              <dd>
                <code>{e.request_id ?? '—'}</code>
              </dd>
            </dl>
            <h2>Payload</h2>
            <pre className="payload" data-testid="payload">
              {JSON.stringify(e, null, 2)}
            </pre>
          </section>
        </>
      )}
    </Loadable>
  );
}
