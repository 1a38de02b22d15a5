// Building blocks every page uses: loading/empty/error states, error boxes that show the API's message
// and request id, buttons that run an API call, paging by cursor, secrets shown once.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { asFailure, type ApiFailure } from './api.ts';

export interface Loaded<T> {
  data: T | undefined;
  error: ApiFailure | undefined;
  loading: boolean;
  reload(): void;
}

/** Runs `load` when `deps` change (and on reload); keeps the last data while reloading. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: ApiFailure; loading: boolean }>({ loading: true });
  const [tick, setTick] = useState(0);
  const latest = useRef(0);
  useEffect(() => {
    const run = ++latest.current;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => run === latest.current && setState({ data, loading: false }),
      (err: unknown) => run === latest.current && setState({ error: asFailure(err), loading: false }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}

/** Calls `fn` every `ms` while `active`. */
export function usePoll(fn: () => void, ms: number, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(fn, ms);
    return () => clearInterval(timer);
  }, [fn, ms, active]);
}

export function ErrorBox({ error }: { error: ApiFailure | undefined }) {
  if (!error) return null;
  return (
    <div className="error" role="alert">
      <strong>{error.message}</strong>
      {error.requestId ? <span className="request-id">Request id: <code>{error.requestId}</code></span> : null}
    </div>
  );
}

/** The three states of anything loaded, then its content. */
export function Loadable<T>({ state, children, isEmpty, empty }: { state: Loaded<T>; children: (data: T) => ReactNode; isEmpty?: (data: T) => boolean; empty?: ReactNode }) {
  if (state.error) return <ErrorBox error={state.error} />;
  if (state.data === undefined) return <p className="loading" aria-busy="true">Loading…</p>;
  if (isEmpty?.(state.data)) return <p className="empty">{empty ?? 'Nothing here yet.'}</p>;
  return <>{children(state.data)}</>;
}

interface Page<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
  /** With `include[]=total_count`: how many match in all. */
  total_count?: number;
}

/** A list page by page: newest first, "Next" follows next_cursor, "Previous" goes back. */
export function usePaged<T>(load: (cursor: string | undefined) => Promise<Page<T>>, deps: unknown[]) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  useEffect(() => setCursors([undefined]), deps); // a new filter starts at the first page
  const cursor = cursors.at(-1);
  const state = useLoad(() => load(cursor), [...deps, cursor]);
  const pager = (
    <div className="pager">
      <button type="button" disabled={cursors.length < 2} onClick={() => setCursors((c) => c.slice(0, -1))}>
        Previous
      </button>
      <span>Page {cursors.length}</span>
      <button type="button" disabled={!state.data?.has_more} onClick={() => state.data?.next_cursor && setCursors((c) => [...c, state.data!.next_cursor!])}>
        Next
      </button>
    </div>
  );
  return { state, pager };
}

export function ListTable<T>({ state, empty, head, row, pager }: { state: Loaded<Page<T>>; empty: string; head: ReactNode; row: (item: T) => ReactNode; pager?: ReactNode }) {
  return (
    <Loadable state={state} isEmpty={(p) => p.data.length === 0} empty={empty}>
      {(p) => (
        <>
          <table>
            <thead>{head}</thead>
            <tbody>{p.data.map(row)}</tbody>
          </table>
          {pager}
        </>
      )}
    </Loadable>
  );
}

/**
 * A button that runs an API call, disables itself meanwhile and shows the failure under it. With
 * `confirm`, it asks first in a dialog of the app (a modal `<dialog>`: focus moves into it, onto
 * Cancel, stays there, Escape cancels, and returns to the button when it closes).
 */
export function Action({ label, run, onDone, confirm, kind = 'secondary', disabled }: { label: string; run: () => Promise<unknown>; onDone?: () => void; confirm?: string; kind?: 'primary' | 'secondary' | 'danger'; disabled?: boolean }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailure>();
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const go = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await run();
      onDone?.();
    } catch (err) {
      setError(asFailure(err));
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    dialog.current?.close();
    trigger.current?.focus();
  };
  return (
    <span className="action">
      <button ref={trigger} type="button" className={kind} disabled={busy || disabled} onClick={() => (confirm ? dialog.current?.showModal() : void go())}>
        {busy ? `${label}…` : label}
      </button>
      {confirm ? (
        <dialog ref={dialog} className="confirm" aria-labelledby={titleId} onCancel={(e) => (e.preventDefault(), close())}>
          <p id={titleId}>{confirm}</p>
          <div className="buttons">
            <button type="button" className="secondary" autoFocus onClick={close}>
              Cancel
            </button>
            <button
              type="button"
              className={kind === 'secondary' ? 'primary' : kind}
              onClick={() => {
                close();
                void go();
              }}
            >
              {label}
            </button>
          </div>
        </dialog>
      ) : null}
      <ErrorBox error={error} />
    </span>
  );
}

/** A form whose submit runs an API call; the failure is shown above the submit button. */
/** An action that undoes something recorded by mistake: a reason asked first (sent as `reason`), then a confirmation saying what it does. */
export function ReasonedAction({ name, label, hint, action, confirm, run, onDone }: { name: string; label: string; hint: ReactNode; action: string; confirm: string; run: (reason: string) => Promise<unknown>; onDone: () => void }) {
  const [reason, setReason] = useState('');
  return (
    <div className="inline-form">
      <Field label={label} hint={hint}>
        <input name={name} required maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Field>
      <Action kind="danger" label={action} disabled={!reason.trim()} confirm={confirm} onDone={onDone} run={() => run(reason.trim())} />
    </div>
  );
}

export function Form({ submit, label, children, onDone, className }: { submit: () => Promise<unknown>; label: string; children: ReactNode; onDone?: () => void; className?: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailure>();
  return (
    <form
      className={className ?? 'form'}
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(undefined);
        try {
          await submit();
          onDone?.();
        } catch (err) {
          setError(asFailure(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      {children}
      <ErrorBox error={error} />
      <button type="submit" className="primary" disabled={busy}>
        {busy ? `${label}…` : label}
      </button>
    </form>
  );
}

export function Field({ label, children, hint }: { label: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <label className="field">
      <span>{label}</span>
      {children}
      {hint ? <small>{hint}</small> : null}
    </label>
  );
}

/** A secret the API returns once: shown with a warning until dismissed. */
export function SecretOnce({ label, value, onDismiss }: { label: string; value: string; onDismiss: () => void }) {
  return (
    <div className="secret" role="status">
      <p>
        <strong>{label}</strong> It is shown this once: copy it now.
      </p>
      <code data-testid="secret">{value}</code>
      <button type="button" onClick={onDismiss}>
        Done
      </button>
    </div>
  );
}

/** A status as a coloured pill: its colour from `value`, its text `label` (else the value, underscores as spaces). */
export const Badge = ({ value, label }: { value: string; label?: string }) => <span className={`badge badge-${value.replace(/[^a-z_]/gi, '')}`}>{label ?? value.replaceAll('_', ' ')}</span>;

/** A Unix time as the value of a `datetime-local` input, in the browser's time zone. */
export const localDateTime = (unix: number) => {
  const d = new Date(unix * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
/** A `datetime-local` input's value as Unix seconds (its time in the browser's time zone). */
export const unixOfLocal = (value: string) => {
  const ms = new Date(value).getTime();
  if (Number.isNaN(ms)) throw new Error('Choose a date and time.');
  return Math.floor(ms / 1000);
};
export const time = (unix: number | null | undefined) => (unix ? new Date(unix * 1000).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' }) : '—');
export const money = (cents: number | null | undefined, currency = 'usd') =>
  cents === null || cents === undefined ? '—' : (cents / 100).toLocaleString('en-US', { style: 'currency', currency: currency.toUpperCase() });

export const IdLink = ({ to, id }: { to: string; id: string }) => (
  <Link to={to}>
    <code title={id}>{id}</code>
  </Link>
);

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <h1>{title}</h1>
      <div className="page-actions">{children}</div>
    </header>
  );
}

/** Fields of the registry record that changed: before, struck through, and after. */
export function Changes({ changes }: { changes: { field: string; previous?: unknown; current?: unknown }[] }) {
  const show = (v: unknown) => (v === null || v === undefined ? '—' : String(v));
  return (
    <ul className="changes" data-testid="changes">
      {changes.map((c) => (
        <li key={c.field}>
          {c.field.replaceAll('_', ' ')}: <del>{show(c.previous)}</del> → <ins>{show(c.current)}</ins>
        </li>
      ))}
    </ul>
  );
}
