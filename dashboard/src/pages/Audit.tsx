// Settings > Developers > Audit log: the account's privileged actions (audit:read), newest first,
// filtered by action, actor, target and day range (kept in the address, so a filtered view can be shared).
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, must, type S } from '../api.ts';
import { AUDIT_ACTIONS } from '../catalog.ts';
import { Field, ListTable, PageHeader, time, usePaged } from '../ui.tsx';

const FILTERS = ['action', 'actor', 'target', 'from', 'to'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/** Where the dashboard shows the resource an id names, when it has a page for it. */
function pageOf(id: string): string | null {
  const prefix = id.slice(0, id.indexOf('_'));
  const pages: Record<string, string> = {
    we: `/settings/developers/webhooks/${id}`,
    evt: `/settings/developers/events/${id}`,
    car: `/carriers/${id}`,
    key: '/settings/developers/api-keys',
    oac: '/settings/developers/oauth-clients',
    usr: '/settings/team',
  };
  return pages[prefix] ?? null;
}

/** A day (`YYYY-MM-DD`, local time) as Unix seconds: its first second, or its last with `end`. */
const unixOfDay = (day: string, end = false) => Math.floor(new Date(`${day}T${end ? '23:59:59' : '00:00:00'}`).getTime() / 1000);

export function AuditLog() {
  const [params, setParams] = useSearchParams();
  const applied: Filters = { action: '', actor: '', target: '', from: '', to: '' };
  for (const f of FILTERS) applied[f] = params.get(f) ?? '';
  const [draft, setDraft] = useState<Filters>(applied);
  const set = (f: keyof Filters) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [f]: e.target.value.trim() }));
  const apply = (next: Filters) => {
    setDraft(next);
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)));
  };
  const key = FILTERS.map((f) => applied[f]).join('|');
  const { state, pager } = usePaged((cursor) => {
    const created = {
      ...(applied.from ? { gte: unixOfDay(applied.from) } : {}),
      ...(applied.to ? { lte: unixOfDay(applied.to, true) } : {}),
    };
    return must(
      api.GET('/v1/audit_logs', {
        params: {
          query: {
            limit: 20,
            ...(applied.action ? { action: applied.action as S['AuditAction'] } : {}),
            ...(applied.actor ? { actor: applied.actor } : {}),
            ...(applied.target ? { target: applied.target } : {}),
            ...(Object.keys(created).length ? { created } : {}),
            ...(cursor ? { cursor } : {}),
          },
        },
      }),
    );
  }, [key]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(draft);
  };
  const filterBy = (f: 'actor' | 'target' | 'action', value: string) => (
    <button type="button" className="link" title={`Only entries with this ${f}`} onClick={() => apply({ ...applied, [f]: value })}>
      <code>{value}</code>
    </button>
  );
  return (
    <>
      <PageHeader title="Audit log" />
      <p className="hint">
        Privileged actions on this account: keys, OAuth clients, users, webhook endpoints, replays and recoveries, carrier suspensions,
        voided invoices and carrier payments. Entries are never changed or removed.
      </p>
      <form className="filters" aria-label="Filter the audit log" onSubmit={submit}>
        <Field label="Action">
          <select name="action" value={draft.action} onChange={(e) => apply({ ...draft, action: e.target.value })}>
            <option value="">All</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
        </Field>
        <Field label="Actor">
          <input name="actor" placeholder="key_…, oac_… or usr_…" value={draft.actor} onChange={set('actor')} />
        </Field>
        <Field label="Target">
          <input name="target" placeholder="we_…, car_…, key_…" value={draft.target} onChange={set('target')} />
        </Field>
        <Field label="From">
          <input name="from" type="date" value={draft.from} onChange={set('from')} />
        </Field>
        <Field label="To">
          <input name="to" type="date" value={draft.to} onChange={set('to')} />
        </Field>
        <div className="filter-actions">
          <button type="submit">Apply</button>
          <button type="button" onClick={() => apply({ action: '', actor: '', target: '', from: '', to: '' })}>
            Clear
          </button>
        </div>
      </form>
      <ListTable
        state={state}
        pager={pager}
        empty={key.replaceAll('|', '') ? 'No entry matches these filters.' : 'No privileged action yet.'}
        head={
          <tr>
            <th>Time</th>
            <th>Action</th>
            <th>Actor</th>
            <th>Target</th>
            <th>Request</th>
            <th>Address</th>
          </tr>
        }
        row={(entry) => {
          const page = pageOf(entry.target);
          return (
            <tr key={entry.id} data-testid="audit-entry" id={entry.id}>
              <td>{time(entry.created)}</td>
              <td>{filterBy('action', entry.action)}</td>
              <td>{filterBy('actor', entry.actor)}</td>
              <td>
                {filterBy('target', entry.target)}
                {page ? (
                  <>
                    {' '}
                    <Link to={page} aria-label={`Open ${entry.target}`}>
                      open
                    </Link>
                  </>
                ) : null}
              </td>
              <td>
                <code>{entry.request_id ?? '—'}</code>
              </td>
              <td>{entry.ip ?? '—'}</td>
            </tr>
          );
        }}
      />
    </>
  );
}
