// Compliance alerts: lapsed insurance certificates, bonds and process-agent filings, and what monitoring
// the registry found (revoked authority, cancelled insurance, a changed identity ...); resolving them.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { api, must, type S } from '../api.ts';
import { useSession } from '../session.tsx';
import { Badge, Changes, Field, Form, ListTable, PageHeader, time, usePaged } from '../ui.tsx';
import { CarrierLink } from './Carriers.tsx';

function Resolve({ alert, onDone }: { alert: S['ComplianceAlert']; onDone: () => void }) {
  const [note, setNote] = useState('');
  return (
    <Form className="inline-form" label="Resolve" onDone={onDone} submit={() => must(api.POST('/v1/compliance_alerts/{compliance_alert_id}/resolve', { params: { path: { compliance_alert_id: alert.id } }, body: note ? { note } : {} }))}>
      <Field label="Note">
        <input name="note" value={note} onChange={(e) => setNote(e.target.value)} />
      </Field>
    </Form>
  );
}

export function ComplianceAlerts() {
  const { can } = useSession();
  const [params, setParams] = useSearchParams();
  const status = (params.get('status') ?? 'open') as S['ComplianceAlertStatus'] | '';
  const { state, pager } = usePaged(
    (cursor) => must(api.GET('/v1/compliance_alerts', { params: { query: { limit: 20, ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) } } })),
    [status],
  );
  return (
    <>
      <PageHeader title="Compliance alerts" />
      <div className="filters">
        <Field label="Status">
          <select name="status" value={status} onChange={(e) => setParams({ status: e.target.value })}>
            <option value="open">open</option>
            <option value="resolved">resolved</option>
            <option value="">all</option>
          </select>
        </Field>
      </div>
      <ListTable
        state={state}
        pager={pager}
        empty={status === 'open' ? 'No open alert.' : 'No alert.'}
        head={
          <tr>
            <th>Alert</th>
            <th>Carrier</th>
            <th>Kind</th>
            <th>Expired or found on</th>
            <th>Status</th>
            <th>Raised</th>
            <th />
          </tr>
        }
        row={(a) => (
          <tr key={a.id}>
            <td>
              <code>{a.id}</code>
            </td>
            <td>
              <CarrierLink id={a.carrier_id} />
            </td>
            <td data-testid="alert-kind">
              {a.kind.replaceAll('_', ' ')}
              {a.details ? <div className="hint">{a.details.summary}</div> : null}
              {a.details?.changes.length && a.kind === 'identity_changed' ? <Changes changes={a.details.changes} /> : null}
              {a.cleared_at ? <div className="hint">Cleared on a later read, {time(a.cleared_at)}</div> : null}
            </td>
            <td>{a.expiry_date}</td>
            <td>
              <Badge value={a.status} />
              {a.resolution_note ? ` ${a.resolution_note}` : ''}
            </td>
            <td>{time(a.created)}</td>
            <td>{a.status === 'open' && can('carriers:write') ? <Resolve alert={a} onDone={state.reload} /> : null}</td>
          </tr>
        )}
      />
    </>
  );
}
