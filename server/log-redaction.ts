/**
 * What may go into a log line. Logs are read by more people and kept longer than the
 * database, so a logged value never carries a secret (passwords, tokens, cookies,
 * card data), a postal address or a whole e-mail address, and never grows a line past
 * a few KB, whatever a request sent us.
 */
export const MAX_LOGGED_STRING = 500;
const MAX_DEPTH = 4;
const MAX_ITEMS = 20;

const SECRET_KEY =
  /pass(word)?|token|secret|cookie|authorization|^card$|cvc|^number$|shippingAddress|^address$|^line[12]$|postal_?code|zip_?code|backup_?codes?|qrSvg|totp/i;
const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;
const TOKEN_IN_TEXT = /(token|secret|password)=[^&\s"']+/gi;

function redactText(text: string): string {
  const cut =
    text.length > MAX_LOGGED_STRING
      ? `${text.slice(0, MAX_LOGGED_STRING)}…(+${text.length - MAX_LOGGED_STRING} characters)`
      : text;
  return cut.replace(EMAIL, "$1***@$2").replace(TOKEN_IN_TEXT, "$1=[redacted]");
}

export function redactForLog(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactText(value);
  if (value instanceof Error) {
    return {
      name: value.name,
      message: redactText(value.message),
      stack: value.stack ? redactText(value.stack) : undefined,
      ...(value.cause !== undefined && depth < MAX_DEPTH
        ? { cause: redactForLog(value.cause, depth + 1) }
        : {}),
    };
  }
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[…]";
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => redactForLog(item, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `…(+${value.length - MAX_ITEMS} items)`] : items;
  }
  const entries = Object.entries(value).slice(0, MAX_ITEMS);
  return Object.fromEntries(
    entries.map(([key, item]) => [
      redactText(key),
      SECRET_KEY.test(key) ? "[redacted]" : redactForLog(item, depth + 1),
    ]),
  );
}
