/**
 * The return policy a work is sold under (decision 0055), on the artwork page and in the
 * buy panel: stated before anyone pays. Nothing when it could not be read.
 */
export function ReturnPolicyNote({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return <p className="return-policy hint">{text}</p>;
}
