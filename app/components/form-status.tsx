/** A form's outcome in words: the error (an alert) and the notice (a status), each only when there is one. */
export function FormStatus({ error, notice }: { error?: string | null; notice?: string | null }) {
  return (
    <>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p className="form-notice" role="status">
          {notice}
        </p>
      ) : null}
    </>
  );
}
