// The dashboard: sign-in, then the pages of the brokerage (orders, customers, carriers, compliance)
// and accounting (invoices, payments, carrier payments, the ledger, mail and the print queue, reports),
// and of its developers (webhooks, keys, OAuth clients, events), the team, the account's settings and
// the signed-in user's password.
import { StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, NavLink, Navigate, Route, Routes } from 'react-router';
import { api, asFailure, must, setCsrfToken, setShownLivemode, type ApiFailure, type S } from './api.ts';
import { SessionContext, type SessionState } from './session.tsx';
import { ErrorBox, Field, Form } from './ui.tsx';
import { Home } from './pages/Home.tsx';
import { OrderCreate, OrderDetail, OrderList } from './pages/Orders.tsx';
import { CustomerDetail, CustomerList } from './pages/Customers.tsx';
import { CarrierDetail, CarrierList } from './pages/Carriers.tsx';
import { ComplianceAlerts } from './pages/Compliance.tsx';
import { WebhookCreate, WebhookDetail, WebhookList } from './pages/Webhooks.tsx';
import { ApiKeys, OAuthClients } from './pages/Keys.tsx';
import { EventDetail, EventList, EventTypeList } from './pages/Events.tsx';
import { Team } from './pages/Team.tsx';
import { ChangePassword } from './pages/Password.tsx';
import { TestClocks } from './pages/TestClocks.tsx';
import { AuditLog } from './pages/Audit.tsx';
import { InvoiceCreate, InvoiceDetail, InvoiceList } from './pages/accounting/invoices.tsx';
import { PaymentList } from './pages/accounting/payments.tsx';
import { CarrierPaymentDetail, CarrierPaymentList } from './pages/accounting/carrier-payments.tsx';
import { Ledger } from './pages/accounting/ledger.tsx';
import { MailList, MessageDetail } from './pages/accounting/mail.tsx';
import { PrintQueue } from './pages/accounting/print-queue.tsx';
import { AccountSettings } from './pages/Account.tsx';
import { Reports } from './pages/Reports.tsx';
import './styles.css';

function SignIn({ onSignedIn }: { onSignedIn: (s: S['Session']) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  return (
    <main className="sign-in">
      <h1>Vehicle Transport</h1>
      <p>Sign in to the dashboard.</p>
      <Form label="Sign in" submit={async () => onSignedIn(await must(api.POST('/v1/sessions', { body: { email, password } })))}>
        <Field label="Email">
          <input name="email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field label="Password">
          <input name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
      </Form>
    </main>
  );
}

function Layout({ state, children }: { state: SessionState; children: React.ReactNode }) {
  const { session, can } = state;
  return (
    <div className="layout">
      <nav className="sidebar" aria-label="Main">
        <div className="brand">Vehicle Transport</div>
        <div className="account">{session.account.name}</div>
        <label className="mode-switch">
          <input
            type="checkbox"
            role="switch"
            data-testid="test-mode-switch"
            checked={!session.livemode}
            onChange={(e) => void state.switchMode(!e.target.checked)}
          />{' '}
          Test mode
        </label>
        <NavLink to="/" end>Home</NavLink>
        {can('orders:read') && <NavLink to="/orders">Orders</NavLink>}
        {can('customers:read') && <NavLink to="/customers">Customers</NavLink>}
        {can('carriers:read') && <NavLink to="/carriers">Carriers</NavLink>}
        {can('carriers:read') && <NavLink to="/compliance">Compliance alerts</NavLink>}
        {can('accounting:read') && (
          <>
            <div className="nav-group">Accounting</div>
            <NavLink to="/accounting/invoices">Invoices</NavLink>
            <NavLink to="/accounting/payments">Payments</NavLink>
            <NavLink to="/accounting/carrier-payments">Carrier payments</NavLink>
            <NavLink to="/accounting/ledger">Ledger</NavLink>
            <NavLink to="/accounting/mail">Mail</NavLink>
            <NavLink to="/accounting/print-queue">Print queue</NavLink>
            <NavLink to="/reports">Reports</NavLink>
          </>
        )}
        <div className="nav-group">Settings</div>
        {can('webhooks:manage') && <NavLink to="/settings/developers/webhooks">Webhooks</NavLink>}
        {can('webhooks:manage') && <NavLink to="/settings/developers/events">Events</NavLink>}
        {can('keys:manage') && <NavLink to="/settings/developers/api-keys">API keys</NavLink>}
        {can('keys:manage') && <NavLink to="/settings/developers/oauth-clients">OAuth clients</NavLink>}
        {can('audit:read') && <NavLink to="/settings/developers/audit-log">Audit log</NavLink>}
        {!session.livemode && can('orders:read') && <NavLink to="/settings/developers/test-clocks">Test clocks</NavLink>}
        {session.livemode && <NavLink to="/settings/team">Team</NavLink>}
        {can('accounting:read') && <NavLink to="/settings/account">Account settings</NavLink>}
        <div className="me">
          <span data-testid="signed-in-as" title={session.user.email}>
            {session.user.email.slice(0, session.user.email.lastIndexOf('@'))}
            <wbr />
            {session.user.email.slice(session.user.email.lastIndexOf('@'))}
          </span>
          <span className="role">{session.user.role}</span>
          <NavLink to="/settings/password">Change password</NavLink>
          <button type="button" onClick={() => void state.signOut()}>
            Sign out
          </button>
        </div>
      </nav>
      <main className="content">
        {!session.livemode && (
          <div className="test-banner" role="status" data-testid="test-banner">
            Viewing test data: nothing here is live, and no mail or registry read leaves the machine.
          </div>
        )}
        {children}
      </main>
    </div>
  );
}

/** Whether this browser holds a session (the cookie itself is HttpOnly): kept beside it, never a secret. */
const SIGNED_IN = 'vt.signed_in';
function rememberedSignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN) === '1';
  } catch {
    return true; // storage refused: ask the server
  }
}
function rememberSignedIn(on: boolean): void {
  try {
    if (on) localStorage.setItem(SIGNED_IN, '1');
    else localStorage.removeItem(SIGNED_IN);
  } catch {
    // storage refused: the next load asks the server
  }
}

function App() {
  const [session, setSession] = useState<S['Session'] | null | undefined>(undefined);
  const [error, setError] = useState<ApiFailure>();
  const adopt = useCallback((s: S['Session'] | null) => {
    setCsrfToken(s?.csrf_token ?? null);
    setShownLivemode(s ? s.livemode : null);
    setSession(s);
    rememberSignedIn(s !== null);
  }, []);
  useEffect(() => {
    // Never signed in from this browser (or signed out since): the sign-in page at once, without
    // asking the server for a session it would answer 401 (a console error before anyone signed in).
    if (!rememberedSignedIn()) adopt(null);
    else
      api.GET('/v1/sessions/current').then(
        ({ data, response }) => (response.ok && data ? adopt(data) : response.status === 401 ? adopt(null) : setError(asFailure(new Error(`The server answered ${response.status}.`)))),
        (err: unknown) => setError(asFailure(err)),
      );
    // Any 401 (the session ended: signed out elsewhere, expired, user disabled) goes back to sign-in.
    const ended = () => adopt(null);
    window.addEventListener('vt:signed-out', ended);
    return () => window.removeEventListener('vt:signed-out', ended);
  }, [adopt]);
  if (error) return <ErrorBox error={error} />;
  if (session === undefined) return <p className="loading">Loading…</p>;
  if (session === null) return <SignIn onSignedIn={adopt} />;
  const scopes = new Set<string>(session.scopes);
  const state: SessionState = {
    session,
    can: (scope) => scopes.has(scope),
    async signOut() {
      await api.DELETE('/v1/sessions/current');
      adopt(null);
    },
    async switchMode(livemode) {
      adopt(await must(api.PATCH('/v1/sessions/current', { body: { livemode } })));
    },
  };
  return (
    <SessionContext.Provider value={state}>
      <Layout state={state}>
        {/* Keyed by the mode: every page loads its data again when the mode changes. */}
        <Routes key={session.livemode ? 'live' : 'test'}>
          <Route path="/" element={<Home />} />
          <Route path="/orders" element={<OrderList />} />
          <Route path="/orders/new" element={<OrderCreate />} />
          <Route path="/orders/:id" element={<OrderDetail />} />
          <Route path="/customers" element={<CustomerList />} />
          <Route path="/customers/:id" element={<CustomerDetail />} />
          <Route path="/carriers" element={<CarrierList />} />
          <Route path="/carriers/:id" element={<CarrierDetail />} />
          <Route path="/compliance" element={<ComplianceAlerts />} />
          <Route path="/accounting/invoices" element={<InvoiceList />} />
          <Route path="/accounting/invoices/new" element={<InvoiceCreate />} />
          <Route path="/accounting/invoices/:id" element={<InvoiceDetail />} />
          <Route path="/accounting/payments" element={<PaymentList />} />
          <Route path="/accounting/carrier-payments" element={<CarrierPaymentList />} />
          <Route path="/accounting/carrier-payments/:id" element={<CarrierPaymentDetail />} />
          <Route path="/accounting/ledger" element={<Ledger />} />
          <Route path="/accounting/mail" element={<MailList />} />
          <Route path="/accounting/mail/:id" element={<MessageDetail />} />
          <Route path="/accounting/print-queue" element={<PrintQueue />} />
          <Route path="/reports" element={<Reports />} />
          <Route path="/settings/developers/webhooks" element={<WebhookList />} />
          <Route path="/settings/developers/webhooks/new" element={<WebhookCreate />} />
          <Route path="/settings/developers/webhooks/:id" element={<WebhookDetail />} />
          <Route path="/settings/developers/events" element={<EventList />} />
          <Route path="/settings/developers/events/:id" element={<EventDetail />} />
          <Route path="/settings/developers/event-types" element={<EventTypeList />} />
          <Route path="/settings/developers/api-keys" element={<ApiKeys />} />
          <Route path="/settings/developers/oauth-clients" element={<OAuthClients />} />
          <Route path="/settings/developers/audit-log" element={<AuditLog />} />
          <Route path="/settings/team" element={<Team />} />
          <Route path="/settings/password" element={<ChangePassword />} />
          <Route path="/settings/developers/test-clocks" element={<TestClocks />} />
          <Route path="/settings/account" element={<AccountSettings />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Layout>
    </SessionContext.Provider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter basename="/dashboard">
      <App />
    </BrowserRouter>
  </StrictMode>,
);
