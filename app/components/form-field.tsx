import { forwardRef, useEffect, useRef, type InputHTMLAttributes, type ReactNode } from "react";

export const FIELD_INPUT_CLASS =
  "mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-base shadow-sm focus:border-brand-500 aria-[invalid=true]:border-red-600";

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> & {
  name: string;
  label: string;
  /** The server's message for this field, shown under it and tied to the input. */
  error?: string;
  /** A hint shown under the field while there is no error. */
  hint?: ReactNode;
  /** Below the message (a link, for example). */
  after?: ReactNode;
};

/** A labelled input whose error (or hint) sits under it and is read with it. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { name, label, error, hint, after, className, ...input },
  ref,
) {
  const described = error ? `${name}-error` : hint ? `${name}-hint` : undefined;
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        ref={ref}
        id={name}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={className ?? FIELD_INPUT_CLASS}
        {...input}
      />
      {error ? (
        <FieldError name={name} error={error} />
      ) : hint ? (
        <p id={`${name}-hint`} className="mt-1 text-sm text-gray-600">
          {hint}
        </p>
      ) : null}
      {after}
    </div>
  );
});

/**
 * The attributes that tie any field (a textarea, a file input...) named `name` to its error
 * message, shown with `FieldError`.
 */
export function errorAria(name: string, error?: string) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${name}-error` : undefined,
  } as const;
}

/** The server's message for one field, under it (see `errorAria`). */
export function FieldError({ name, error }: { name: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  );
}

/** The message for the whole form (not one field), announced when it appears. */
export function FormError({ message, id }: { message?: string; id?: string }) {
  if (!message) return null;
  return (
    <p
      id={id}
      role="alert"
      className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
    >
      {message}
    </p>
  );
}

/** A full-width submit button that says what it is doing while the form is sent. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="w-full rounded-md bg-ink-900 px-4 py-2.5 font-semibold text-white hover:bg-black disabled:opacity-60"
    >
      {busy ? busyLabel : children}
    </button>
  );
}

/**
 * With JavaScript, after a refused post (a new `errors` with a message in it) the focus goes to
 * the first field marked invalid inside the returned ref's element, as the page reloaded without
 * JavaScript does for a field given `autoFocus`. Pass the action's own `errors` object: a new
 * object on every render would move the focus on every render.
 */
export function useFocusFirstError<T extends HTMLElement>(
  errors: Record<string, string | undefined> | undefined,
) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!errors || !Object.values(errors).some(Boolean)) return;
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  return ref;
}
