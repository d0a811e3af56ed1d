/** A form's error, announced to screen readers (role="alert"); nothing when there is none. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="message message-error" role="alert">
      {message}
    </p>
  );
}

/** A form's success notice (role="status"). */
export function FormNotice({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="message message-success" role="status">
      {message}
    </p>
  );
}
