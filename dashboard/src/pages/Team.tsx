// Settings > Team: the account's dashboard users and their roles (managed by owners: users:manage).
import { useState } from 'react';
import { api, must, type S } from '../api.ts';
import { ROLES } from '../catalog.ts';
import { useSession } from '../session.tsx';
import { Action, Badge, Field, Form, ListTable, PageHeader, SecretOnce, time, usePaged } from '../ui.tsx';

const ROLE_TEXT: Record<S['UserRole'], string> = {
  owner: 'everything, and managing the team',
  admin: 'everything but managing the team',
  developer: 'orders, customers, carriers, webhooks and keys; no accounting or audit log',
  viewer: 'reads orders, customers and carriers',
};

function Invite({ onDone }: { onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<S['UserRole']>('viewer');
  const [password, setPassword] = useState('');
  const [initial, setInitial] = useState<string>();
  return (
    <details className="card">
      <summary>Add user</summary>
      {initial ? <SecretOnce label={`The initial password of ${email}.`} value={initial} onDismiss={() => setInitial(undefined)} /> : null}
      <Form
        label="Add user"
        submit={async () => {
          const user = await must(api.POST('/v1/users', { body: { email, role, ...(name ? { name } : {}), ...(password ? { password } : {}) } }));
          setInitial(user.initial_password);
          setPassword('');
          onDone();
        }}
      >
        <div className="row">
          <Field label="Email">
            <input name="email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <Field label="Name">
            <input name="name" value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field label="Role" hint={ROLE_TEXT[role]}>
            <select name="role" value={role} onChange={(e) => setRole(e.target.value as S['UserRole'])}>
              {ROLES.map((r) => (
                <option key={r}>{r}</option>
              ))}
            </select>
          </Field>
          <Field label="Password" hint="12 to 128 characters, not a common or easily guessed one; leave empty to generate one to hand over">
            <input name="password" type="password" autoComplete="new-password" minLength={12} maxLength={128} value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
        </div>
      </Form>
    </details>
  );
}

/** An owner resets a user's password: a new one is generated and shown once, to hand over. */
function ResetPassword({ user }: { user: S['User'] }) {
  const [shown, setShown] = useState<string>();
  return (
    <>
      <Action
        label="Reset password"
        confirm={`Reset the password of ${user.email}? Their current password stops working and their sessions end.`}
        run={async () => setShown((await must(api.POST('/v1/users/{user_id}/reset_password', { params: { path: { user_id: user.id } } }))).initial_password)}
      />
      {shown ? <SecretOnce label={`The new password of ${user.email}.`} value={shown} onDismiss={() => setShown(undefined)} /> : null}
    </>
  );
}

export function Team() {
  const { can, session } = useSession();
  const manage = can('users:manage');
  const { state, pager } = usePaged(
    (cursor) => (manage ? must(api.GET('/v1/users', { params: { query: { limit: 20, ...(cursor ? { cursor } : {}) } } })) : Promise.resolve({ object: 'list' as const, data: [session.user], has_more: false, next_cursor: null })),
    [manage],
  );
  return (
    <>
      <PageHeader title="Team" />
      {!manage && <p className="muted">You are {session.user.role === 'admin' ? 'an' : 'a'} {session.user.role}: {ROLE_TEXT[session.user.role]}. Owners manage the team.</p>}
      {manage && <Invite onDone={state.reload} />}
      <ListTable
        state={state}
        pager={pager}
        empty="No user yet."
        head={
          <tr>
            <th>Name</th>
            <th>Email</th>
            <th>Role</th>
            <th>Last sign-in</th>
            <th>Status</th>
            <th />
          </tr>
        }
        row={(u) => (
          <tr key={u.id}>
            <td>{u.name}</td>
            <td>{u.email}</td>
            <td>
              {manage ? (
                <select
                  aria-label={`Role of ${u.email}`}
                  value={u.role}
                  onChange={(e) => void must(api.PATCH('/v1/users/{user_id}', { params: { path: { user_id: u.id } }, body: { role: e.target.value as S['UserRole'] } })).then(state.reload, (err: unknown) => window.alert((err as Error).message))}
                >
                  {ROLES.map((r) => (
                    <option key={r}>{r}</option>
                  ))}
                </select>
              ) : (
                u.role
              )}
            </td>
            <td>{time(u.last_login_at)}</td>
            <td>{u.disabled ? <Badge value="disabled" /> : <Badge value="active" />}</td>
            <td>
              {manage && u.id !== session.user.id ? (
                <>
                  <Action label={u.disabled ? 'Enable' : 'Disable'} onDone={state.reload} run={() => must(api.PATCH('/v1/users/{user_id}', { params: { path: { user_id: u.id } }, body: { disabled: !u.disabled } }))} />
                  <Action kind="danger" label="Remove" confirm={`Remove ${u.email}?`} onDone={state.reload} run={() => must(api.DELETE('/v1/users/{user_id}', { params: { path: { user_id: u.id } } }))} />
                  <ResetPassword user={u} />
                </>
              ) : null}
            </td>
          </tr>
        )}
      />
    </>
  );
}
