// Settings > Password: the signed-in user changes their own password (POST
// /v1/sessions/current/password). The user's other sessions end; this one goes on.
import { useState } from 'react';
import { api, must } from '../api.ts';
import { useSession } from '../session.tsx';
import { Field, Form, PageHeader } from '../ui.tsx';

export function ChangePassword() {
  const { session } = useSession();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [done, setDone] = useState(false);
  return (
    <>
      <PageHeader title="Change password" />
      <p className="muted">
        Signed in as {session.user.email}. A password has 12 to 128 characters, spaces and any letters included; it must not be a common or
        easily guessed one, nor contain your email name or name. A passphrase of several unrelated words is easy to remember and hard to
        guess. Changing it signs you out everywhere else.
      </p>
      {done ? (
        <p className="notice" role="status" data-testid="password-changed">
          Your password was changed. Your other sessions have ended.
        </p>
      ) : null}
      <Form
        label="Change password"
        submit={async () => {
          setDone(false);
          await must(api.POST('/v1/sessions/current/password', { body: { current_password: current, new_password: next } }));
          setCurrent('');
          setNext('');
          setDone(true);
        }}
      >
        {/* A hidden username field lets password managers file the new password under the account. */}
        <input type="email" name="username" autoComplete="username" value={session.user.email} readOnly hidden />
        <Field label="Current password">
          <input name="current_password" type="password" autoComplete="current-password" required value={current} onChange={(e) => setCurrent(e.target.value)} />
        </Field>
        <Field label="New password" hint="12 to 128 characters; not a common or easily guessed password">
          <input name="new_password" type="password" autoComplete="new-password" required minLength={12} maxLength={128} value={next} onChange={(e) => setNext(e.target.value)} />
        </Field>
      </Form>
    </>
  );
}
