// Carriers: onboarding (vetting runs in the background; the page follows it), the vetting result with
// the registry snapshot that was judged, suspension and reinstatement, and the correction of a rejected application.
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { api, must, type S } from '../api.ts';
import { CARRIER_STATUSES } from '../catalog.ts';
import { Can, useSession } from '../session.tsx';
import { Action, Badge, Changes, Field, Form, IdLink, ListTable, Loadable, PageHeader, money, time, useLoad, usePaged, usePoll } from '../ui.tsx';

function Onboard() {
  const navigate = useNavigate();
  const [f, setF] = useState({ dot_number: '', mc_number: '', contact_name: '', contact_email: '', phone: '' });
  const set = (k: keyof typeof f) => (e: React.ChangeEvent<HTMLInputElement>) => setF({ ...f, [k]: e.target.value });
  return (
    <details className="card">
      <summary>Onboard carrier</summary>
      <Form
        label="Onboard carrier"
        submit={async () => {
          const { mc_number, ...rest } = f;
          const carrier = await must(api.POST('/v1/carriers', { body: { ...rest, ...(mc_number ? { mc_number } : {}) } }));
          navigate(`/carriers/${carrier.id}`);
        }}
      >
        <div className="row">
          <Field label="DOT number">
            <input name="dot_number" required value={f.dot_number} onChange={set('dot_number')} />
          </Field>
          <Field label="MC number">
            <input name="mc_number" value={f.mc_number} onChange={set('mc_number')} />
          </Field>
        </div>
        <div className="row">
          <Field label="Contact name">
            <input name="contact_name" required value={f.contact_name} onChange={set('contact_name')} />
          </Field>
          <Field label="Contact email">
            <input name="contact_email" type="email" required value={f.contact_email} onChange={set('contact_email')} />
          </Field>
          <Field label="Phone" hint="E.164, e.g. +16025550117">
            <input name="phone" required value={f.phone} onChange={set('phone')} />
          </Field>
        </div>
      </Form>
    </details>
  );
}

export function CarrierList() {
  const [params, setParams] = useSearchParams();
  const status = (params.get('status') ?? '') as S['CarrierStatus'] | '';
  const { state, pager } = usePaged(
    (cursor) => must(api.GET('/v1/carriers', { params: { query: { limit: 20, ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) } } })),
    [status],
  );
  return (
    <>
      <PageHeader title="Carriers" />
      <Can scope="carriers:write">
        <Onboard />
      </Can>
      <div className="filters">
        <Field label="Status">
          <select name="status" value={status} onChange={(e) => setParams(e.target.value ? { status: e.target.value } : {})}>
            <option value="">All</option>
            {CARRIER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s.replace('_', ' ')}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <ListTable
        state={state}
        pager={pager}
        empty="No carrier here."
        head={
          <tr>
            <th>Carrier</th>
            <th>Legal name</th>
            <th>DOT</th>
            <th>Status</th>
            <th>Registry pull</th>
            <th>Onboarded</th>
          </tr>
        }
        row={(c) => (
          <tr key={c.id}>
            <td>
              <IdLink to={`/carriers/${c.id}`} id={c.id} />
            </td>
            <td>{c.legal_name ?? '—'}</td>
            <td>{c.dot_number}</td>
            <td>
              <Badge value={c.status} />
            </td>
            <td>
              <Badge value={c.safer_pull_status} />
            </td>
            <td>{time(c.created)}</td>
          </tr>
        )}
      />
    </>
  );
}

function Snapshot({ record }: { record: S['RegistrySnapshot'] }) {
  const rows: [string, React.ReactNode][] = [
    ['Provider', record.provider],
    ['Legal name', record.legal_name ?? '—'],
    ['DOT / MC', `${record.dot_number} / ${record.mc_number ?? '—'}`],
    ['Allowed to operate', record.allowed_to_operate ? 'yes' : 'no'],
    ['Common authority', record.common_authority],
    ['Contract authority', record.contract_authority],
    ['BIPD insurance on file', record.bipd_insurance_on_file_usd === null ? '—' : money(record.bipd_insurance_on_file_usd * 100)],
    ['BIPD insurance required', record.bipd_insurance_required_usd === null ? '—' : money(record.bipd_insurance_required_usd * 100)],
    ['Safety rating', record.safety_rating ?? '—'],
    ['Out of service since', record.out_of_service_date ?? '—'],
    ['Phone', record.phone ?? '—'],
    ['Email', record.email ?? '—'],
    ['Physical address', record.physical_address ?? '—'],
    ['Retrieved', time(record.retrieved_at)],
  ];
  return (
    <table className="snapshot" data-testid="registry-snapshot">
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <th>{k}</th>
            <td>{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function CarrierDetail() {
  const { id = '' } = useParams();
  const { can } = useSession();
  const state = useLoad(() => must(api.GET('/v1/carriers/{carrier_id}', { params: { path: { carrier_id: id } } })), [id]);
  const [reason, setReason] = useState('');
  const [mc, setMc] = useState<string>('');
  // The MC number as the application has it, to correct (once the carrier is loaded).
  useEffect(() => setMc(state.data?.mc_number ?? ''), [state.data?.mc_number]);
  // Vetting runs in the background: follow it while it is under way.
  usePoll(state.reload, 1000, state.data?.status === 'pending_vetting');
  const path = { carrier_id: id };
  return (
    <Loadable state={state}>
      {(c) => (
        <>
          <PageHeader title={c.legal_name ?? `Carrier DOT ${c.dot_number}`}>
            <Badge value={c.status} />
          </PageHeader>
          <div className="grid">
            <section className="card">
              <h2>Details</h2>
              <dl>
                <dt>Id</dt>
                <dd>
                  <code>{c.id}</code>
                </dd>
                <dt>DOT / MC</dt>
                <dd>
                  {c.dot_number} / {c.mc_number ?? '—'}
                </dd>
                <dt>Contact</dt>
                <dd>
                  {c.contact_name}, {c.contact_email}, {c.phone}
                </dd>
                <dt>Registry pull</dt>
                <dd>
                  <Badge value={c.safer_pull_status} />
                </dd>
                <dt>Insurance expires</dt>
                <dd>{c.insurance_expiry_date ?? '—'}</dd>
                <dt>Bond expires</dt>
                <dd>{c.bond_expiry_date ?? '—'}</dd>
                <dt>Process agent expires</dt>
                <dd>{c.process_agent_expiry_date ?? '—'}</dd>
                {c.suspension_reason ? (
                  <>
                    <dt>Suspended</dt>
                    <dd>
                      {time(c.suspended_at)}: {c.suspension_reason}
                    </dd>
                  </>
                ) : null}
              </dl>
            </section>
            <section className="card">
              <h2>Vetting</h2>
              {c.vetting ? (
                <>
                  <p data-testid="vetting-result">
                    {c.vetting.passed ? 'Passed' : 'Failed'} on {time(c.vetting.vetted_at)}
                    {c.vetting.reasons.length ? `: ${c.vetting.reasons.join(', ').replaceAll('_', ' ')}` : ''}
                  </p>
                  {c.vetting.record ? <Snapshot record={c.vetting.record} /> : <p className="empty">No registry record was found.</p>}
                </>
              ) : (
                <p className="loading">Vetting is {c.safer_pull_status.replace('_', ' ')}…</p>
              )}
            </section>
            <Monitoring carrier={c} onRead={state.reload} />
            {can('carriers:write') && (c.status === 'active' || c.status === 'suspended') && (
              <section className="card">
                <h2>Actions</h2>
                {c.status === 'active' && (
                  <Form className="inline-form" label="Suspend" onDone={state.reload} submit={() => must(api.POST('/v1/carriers/{carrier_id}/suspend', { params: { path }, body: { reason } }))}>
                    <Field label="Reason">
                      <input name="reason" required value={reason} onChange={(e) => setReason(e.target.value)} />
                    </Field>
                  </Form>
                )}
                {c.status === 'suspended' && <Action kind="primary" label="Reinstate (vet again)" onDone={state.reload} run={() => must(api.POST('/v1/carriers/{carrier_id}/reinstate', { params: { path } }))} />}
              </section>
            )}
            {can('carriers:write') && (c.status === 'rejected' || (c.status === 'pending_vetting' && c.safer_pull_status === 'failed')) && (
              <section className="card">
                <h2>Correct and vet again</h2>
                <p className="muted">A typo in the application (the MC number) is corrected here; the carrier is then vetted with it.</p>
                <Form
                  className="inline-form"
                  label="Vet again"
                  onDone={state.reload}
                  submit={() => must(api.POST('/v1/carriers/{carrier_id}/revet', { params: { path }, body: mc.trim() === (c.mc_number ?? '') ? {} : { mc_number: mc.trim() || null } }))}
                >
                  <Field label="MC number" hint="Leave empty to take the registry's.">
                    <input name="mc_number" inputMode="numeric" value={mc} onChange={(e) => setMc(e.target.value)} />
                  </Field>
                </Form>
              </section>
            )}
          </div>
        </>
      )}
    </Loadable>
  );
}

/** Monitoring: when the registry was read and is read next, every read with what changed, the alerts. */
function Monitoring({ carrier: c, onRead }: { carrier: S['Carrier']; onRead: () => void }) {
  const { can } = useSession();
  const reads = useLoad(() => must(api.GET('/v1/carriers/{carrier_id}/registry_snapshots', { params: { path: { carrier_id: c.id }, query: { limit: 20 } } })), [c.id, c.updated, c.monitoring.last_checked_at]);
  const alerts = useLoad(() => must(api.GET('/v1/compliance_alerts', { params: { query: { carrier_id: c.id, limit: 20 } } })), [c.id, c.updated, c.monitoring.last_checked_at]);
  const monitored = c.status === 'active' || c.status === 'suspended';
  return (
    <section className="card wide" data-testid="monitoring">
      <h2>Registry monitoring</h2>
      <dl>
        <dt>Last read</dt>
        <dd data-testid="last-checked">{time(c.monitoring.last_checked_at)}</dd>
        <dt>Next read</dt>
        <dd>{monitored ? time(c.monitoring.next_check_at) : 'not monitored (only active and suspended carriers are)'}</dd>
        <dt>Last change seen</dt>
        <dd>{time(c.monitoring.last_change_at)}</dd>
      </dl>
      {monitored && can('carriers:write') && (
        <Action
          label="Read the registry now"
          onDone={() => {
            onRead();
            reads.reload();
            alerts.reload();
          }}
          run={() => must(api.POST('/v1/carriers/{carrier_id}/monitor', { params: { path: { carrier_id: c.id } } }))}
        />
      )}
      <h3>Alerts</h3>
      <Loadable state={alerts} isEmpty={(p) => p.data.length === 0} empty="No compliance alert.">
        {(p) => (
          <ul className="alerts" data-testid="carrier-alerts">
            {p.data.map((a) => (
              <li key={a.id}>
                <Badge value={a.status} /> {a.kind.replaceAll('_', ' ')} ({a.expiry_date}){a.details ? `: ${a.details.summary}` : ''}
                {a.cleared_at ? ` Cleared ${time(a.cleared_at)}.` : ''}
              </li>
            ))}
          </ul>
        )}
      </Loadable>
      <h3>Reads</h3>
      <Loadable state={reads} isEmpty={(p) => p.data.length === 0} empty="No read since vetting.">
        {(p) => (
          <table data-testid="registry-reads">
            <thead>
              <tr>
                <th>Read</th>
                <th>What changed</th>
                <th>Found</th>
              </tr>
            </thead>
            <tbody>
              {p.data.map((r) => (
                <tr key={r.id} className={r.changes.length || r.new_findings.length ? 'changed' : undefined}>
                  <td>{time(r.created)}</td>
                  <td>{r.changes.length ? <Changes changes={r.changes} /> : 'nothing'}</td>
                  <td>
                    {r.findings.length ? r.findings.map((f) => f.replaceAll('_', ' ')).join(', ') : 'nothing wrong'}
                    {r.suspended ? ' (suspended the carrier)' : ''}
                    {r.cleared_findings.length ? `; cleared: ${r.cleared_findings.map((f) => f.replaceAll('_', ' ')).join(', ')}` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loadable>
    </section>
  );
}

export const CarrierLink = ({ id }: { id: string }) => <IdLink to={`/carriers/${id}`} id={id} />;
