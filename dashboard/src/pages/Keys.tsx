// Settings > Developers: API keys and OAuth clients (created with scopes the signed-in user holds and a
// pinned version; secrets shown once; who made each; revocation of those no stronger than the user).
import { useState } from 'react';
import { api, must, type S, type Scope } from '../api.ts';
import { API_VERSIONS, SCOPES } from '../catalog.ts';
import { useSession } from '../session.tsx';
import { Action, Badge, Field, Form, ListTable, PageHeader, SecretOnce, time, usePaged } from '../ui.tsx';

function ScopePicker({ value, onChange }: { value: Set<Scope>; onChange: (s: Set<Scope>) => void }) {
  const { can } = useSession();
  return (
    <fieldset>
      <legend>Scopes</legend>
      <div className="scopes">
        {SCOPES.filter(can).map((s) => (
          <label key={s} className="check">
            <input type="checkbox" name={s} checked={value.has(s)} onChange={() => onChange(value.has(s) ? new Set([...value].filter((x) => x !== s)) : new Set([...value, s]))} /> <code>{s}</code>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A credential is revoked only by one no stronger: the action shows when the user holds every scope of it. */
function Revocable({ scopes, revoked, children }: { scopes: readonly string[]; revoked: boolean; children: React.ReactNode }) {
  const { can } = useSession();
  if (revoked) return null;
  // A scope this dashboard does not know yet (added since it was built) is one the user cannot be shown to hold.
  const missing = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s) || !can(s as Scope));
  return missing.length ? <small className="muted">needs {missing.join(', ')} to revoke</small> : <>{children}</>;
}

function CredentialForm({ label, create }: { label: string; create: (input: { name: string; scopes: Scope[]; api_version: S['ApiVersion'] }) => Promise<unknown> }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Set<Scope>>(new Set());
  const [version, setVersion] = useState<S['ApiVersion']>(API_VERSIONS[0]);
  return (
    <details className="card">
      <summary>{label}</summary>
      <Form
        label={label}
        submit={async () => {
          if (scopes.size === 0) throw new Error('Choose at least one scope.');
          await create({ name, scopes: [...scopes], api_version: version });
          setName('');
          setScopes(new Set());
        }}
      >
        <div className="row">
          <Field label="Name">
            <input name="name" required value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field label="API version">
            <select name="api_version" value={version} onChange={(e) => setVersion(e.target.value as S['ApiVersion'])}>
              {API_VERSIONS.map((v) => (
                <option key={v}>{v}</option>
              ))}
            </select>
          </Field>
        </div>
        <ScopePicker value={scopes} onChange={setScopes} />
      </Form>
    </details>
  );
}

export function ApiKeys() {
  const { state, pager } = usePaged((cursor) => must(api.GET('/v1/api_keys', { params: { query: { limit: 20, ...(cursor ? { cursor } : {}) } } })), []);
  const [secret, setSecret] = useState<string>();
  return (
    <>
      <PageHeader title="API keys" />
      {secret ? <SecretOnce label="The new API key." value={secret} onDismiss={() => setSecret(undefined)} /> : null}
      <CredentialForm
        label="Create key"
        create={async (input) => {
          const key = await must(api.POST('/v1/api_keys', { body: input }));
          setSecret(key.secret);
          state.reload();
        }}
      />
      <ListTable
        state={state}
        pager={pager}
        empty="No API key yet."
        head={
          <tr>
            <th>Name</th>
            <th>Key</th>
            <th>Scopes</th>
            <th>Version</th>
            <th>Last used</th>
            <th>Status</th>
            <th />
          </tr>
        }
        row={(k) => (
          <tr key={k.id}>
            <td>{k.name}</td>
            <td>
              <code>sk_…{k.last4}</code>
            </td>
            <td>{k.scopes.join(' ')}</td>
            <td>{k.api_version}</td>
            <td>{time(k.last_used_at)}</td>
            <td>{k.revoked_at ? <Badge value="revoked" /> : <Badge value="active" />}</td>
            <td>
              <Revocable scopes={k.scopes} revoked={k.revoked_at !== null}>
                <Action kind="danger" label="Revoke" confirm={`Revoke ${k.name}? Requests with it fail at once.`} onDone={state.reload} run={() => must(api.POST('/v1/api_keys/{api_key_id}/revoke', { params: { path: { api_key_id: k.id } } }))} />
              </Revocable>
            </td>
          </tr>
        )}
      />
    </>
  );
}

export function OAuthClients() {
  const { state, pager } = usePaged((cursor) => must(api.GET('/v1/oauth_clients', { params: { query: { limit: 20, ...(cursor ? { cursor } : {}) } } })), []);
  const [created, setCreated] = useState<{ id: string; secret: string }>();
  return (
    <>
      <PageHeader title="OAuth clients" />
      {created ? <SecretOnce label={`The client secret of ${created.id} (client_id).`} value={created.secret} onDismiss={() => setCreated(undefined)} /> : null}
      <CredentialForm
        label="Create OAuth client"
        create={async (input) => {
          const client = await must(api.POST('/v1/oauth_clients', { body: input }));
          setCreated({ id: client.id, secret: client.client_secret ?? '' });
          state.reload();
        }}
      />
      <ListTable
        state={state}
        pager={pager}
        empty="No OAuth client yet."
        head={
          <tr>
            <th>Name</th>
            <th>Client id</th>
            <th>Scopes</th>
            <th>Version</th>
            <th>Created</th>
            <th>Status</th>
            <th />
          </tr>
        }
        row={(c) => (
          <tr key={c.id}>
            <td>{c.name}</td>
            <td>
              <code>{c.id}</code>
            </td>
            <td>{c.scopes.join(' ')}</td>
            <td>{c.api_version}</td>
            <td>{time(c.created)}</td>
            <td>{c.revoked_at ? <Badge value="revoked" /> : <Badge value="active" />}</td>
            <td>
              <Revocable scopes={c.scopes} revoked={c.revoked_at !== null}>
                <Action kind="danger" label="Revoke" confirm={`Revoke ${c.name} and its tokens?`} onDone={state.reload} run={() => must(api.POST('/v1/oauth_clients/{oauth_client_id}/revoke', { params: { path: { oauth_client_id: c.id } } }))} />
              </Revocable>
            </td>
          </tr>
        )}
      />
    </>
  );
}
